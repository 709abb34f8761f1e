import type { CodeAnalysis, CodeFileEntry, CodeSelection, FilingGuide, ReportItem } from '@mazhu/contracts';
import type { ContractInput } from '@mazhu/docgen';

/** The project data handed to the materials engine (docgen's `ProjectInput` shape). */
export type EngineProject = Record<string, unknown> & { name: string; version: string };

/** What the server keeps of a code base read from an upload: the file selection list and the analysis. */
export interface IntakenCode {
  /** Every file with included/excluded and the reason (the file selection of the code step). */
  fileList: CodeFileEntry[];
  analysis: CodeAnalysis;
  /** Structure hints for the AI writer (routes, pages, entities…). */
  hints: unknown;
  /** SHA-1 (hex) of the text of every file that is printed, in print order (near-duplicate checks of batches). */
  fileHashes: string[];
}

export interface GeneratedMaterials {
  /** Files of the download, in order (源程序.pdf/.docx, 操作手册.pdf/.docx, 申请表.pdf/.docx/.json, 检查报告). */
  files: { name: string; data: Uint8Array }[];
  report: ReportItem[];
  /** The filing assistant's content (also printed as 申报指南.pdf among `files`). */
  guide?: FilingGuide;
}

/** A contract rendered by the engine. */
export interface RenderedContract {
  pdf: Uint8Array;
  docx: Uint8Array;
}

/**
 * What the server needs from the materials engine (packages/docgen), as a narrow interface so tests can pass
 * a fake (e.g. one that fails) and so the job handler does not depend on docgen's internals.
 */
export interface MaterialsEngine {
  /**
   * Reads and analyses an upload: its bytes, or (a string) the path of the archive on this machine, read where the
   * analysis runs. Rejects with DocgenError (Chinese message) for an archive it refuses.
   */
  intake(archive: Uint8Array | string, kind: 'zip' | 'tar.gz', selection?: CodeSelection): Promise<IntakenCode>;
  /** All the materials; with `archive` the code is read again (the archive as uploaded, with the user's selection) and printed. */
  generate(input: {
    project: EngineProject;
    archive?: { data: Uint8Array; kind: 'zip' | 'tar.gz'; selection?: CodeSelection };
    /** Files the zip will hold beside the engine's (the contracts' PDFs: name, bytes), listed in the filing guide. */
    extraFiles?: { name: string; size: number }[];
    onStage?: (percent: number, message: string) => Promise<void>;
  }): Promise<GeneratedMaterials>;
  /** Fills and renders a contract (docgen `ContractInput`), off the event loop when a worker thread is used. */
  renderContract(input: ContractInput): Promise<RenderedContract>;
  /** Loads fonts and renderers once so the first generation is not slower (optional). */
  warmUp?(): Promise<void>;
  /** Releases a worker thread, if any. */
  close?(): Promise<void>;
}

/** Archive kind from the first bytes (never from the client's file name). */
export function sniffArchive(buf: Uint8Array): 'zip' | 'tar.gz' | undefined {
  if (buf[0] === 0x50 && buf[1] === 0x4b) return 'zip';
  if (buf[0] === 0x1f && buf[1] === 0x8b) return 'tar.gz';
  return undefined;
}
