/**
 * Worker thread of the materials engine: runs `runGenerate` (intake, pagination, PDF/DOCX rendering, the verifier)
 * off the server's event loop, so requests stay fast while a generation runs. One job at a time.
 * Protocol: in { id, type: 'generate' | 'contract' | 'warm', input? }; out { id, stage } while working, then { id, ok, result | error }.
 */
import { parentPort } from 'node:worker_threads';
import { lowerThreadPriority } from '@mazhu/docgen';
import { runContract, runGenerate, warmUp } from './materials-core';

lowerThreadPriority();

type Msg =
  | { id: number; type: 'warm' }
  | { id: number; type: 'generate'; input: Parameters<typeof runGenerate>[0] }
  | { id: number; type: 'contract'; input: Parameters<typeof runContract>[0] };

parentPort?.on('message', (msg: Msg) => {
  const run: Promise<unknown> =
    msg.type === 'warm'
      ? warmUp().then(() => undefined)
      : msg.type === 'contract'
        ? runContract(msg.input)
        : runGenerate(msg.input, (percent, message) => parentPort?.postMessage({ id: msg.id, stage: { percent, message } }));
  run.then(
    // Buffers are copied, not transferred: pdfkit/docx buffers may share Node's pool ArrayBuffer.
    (result) => parentPort?.postMessage({ id: msg.id, ok: true, result }),
    (e: unknown) => {
      const err = e as { name?: string; code?: string; message?: string; stack?: string };
      parentPort?.postMessage({ id: msg.id, ok: false, error: { name: err?.name, code: err?.code, message: err?.message ?? String(e), stack: err?.stack } });
    },
  );
});

parentPort?.postMessage({ ready: true });
