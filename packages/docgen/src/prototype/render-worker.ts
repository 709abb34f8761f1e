import type { PrototypeAppInput, ScreenSpecInput } from './model';
import { renderScreen } from './render';
import { lowerThreadPriority } from '../render/thread-priority';

// Drawing screens (previews, figures, the warm-up at start) yields the cores to the thread answering requests.
lowerThreadPriority();

/** Renders a batch of screens of one app in this worker thread (fonts are loaded once per thread). */
export default async function renderBatch(task: { app: PrototypeAppInput; screens: ScreenSpecInput[] }) {
  const out = [];
  for (const s of task.screens) out.push(await renderScreen(task.app, s));
  return out;
}
