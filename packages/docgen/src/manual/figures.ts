import type { CodeAnalysis } from '../analysis/analyse';
import { resolveSoftwareForm } from './manual';
import type { Project, ScreenFigure } from '../project';
import { formHasUi } from '../analysis/software-form';

const UI_PLACES: ScreenFigure['place'][] = ['login', 'main', 'module'];

/**
 * The architecture and module diagrams of software without a user interface (设计说明书 / 使用说明), drawn by the
 * prototype renderer from the code's structure (`diagramCodeOf`) and the project's modules — nothing else. A diagram
 * with nothing to show is left out. Resolves with the figures (place architecture / module-diagram, source diagram).
 * Throws DocgenError BAD_PROJECT when the name or version does not fit the diagram's title.
 */
export async function diagramFigures(p: Project, analysis?: CodeAnalysis, look: { color?: string } = {}): Promise<ScreenFigure[]> {
  // The prototype model (its zod schemas) and the renderer (satori, resvg) load only when a diagram is drawn.
  const [{ buildPrototype, describeScreen, diagramCodeOf }, { renderScreen }] = await Promise.all([import('../prototype/synth'), import('../prototype/render')]);
  const proto = buildPrototype({
    name: p.name,
    version: p.version,
    shortName: p.shortName,
    hasUi: false,
    completionDate: p.completionDate,
    modules: p.modules.map((m) => ({ name: m.name, description: m.description, operations: m.operations, files: [...new Set(m.evidence.filter((e) => !e.startsWith('unit:')).map((e) => e.split('#')[0]))] })),
    code: analysis ? diagramCodeOf(analysis) : undefined,
    color: look.color,
  });
  const out: ScreenFigure[] = [];
  for (const s of proto.screens.filter((x) => x.groups.some((g) => g.items.length))) {
    const r = await renderScreen(proto.app, s);
    out.push({ place: s.kind === 'architecture' ? 'architecture' : 'module-diagram', data: Uint8Array.from(r.png), caption: s.title, source: 'diagram', lead: describeScreen(s), steps: [], issues: [] });
  }
  return out;
}

/**
 * The project with the figures its document takes: screens (login, main, modules) for software with a user
 * interface; for software without one the diagrams given, else those drawn by `diagramFigures`. The software form
 * decides (`resolveSoftwareForm`: the user's choice, else the code's, else the platform text).
 */
export async function withDocumentFigures(p: Project, analysis?: CodeAnalysis): Promise<Project> {
  if (formHasUi(resolveSoftwareForm(p, analysis))) return { ...p, screens: p.screens.filter((s) => UI_PLACES.includes(s.place)) };
  const given = p.screens.filter((s) => !UI_PLACES.includes(s.place));
  return { ...p, screens: given.length ? given : await diagramFigures(p, analysis) };
}
