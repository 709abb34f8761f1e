import {
  materialsZipName,
  SOFTWARE_FORMS,
  type SoftwareFormKey,
  ZApplicationForm,
  ZCodeAnalysis,
  type ApplicationForm,
  type Charge,
  type FilingGuide,
  type CodeUpload,
  type FunctionalModule,
  type MaterialFile,
  type OwnerListItem,
  type ProjectDetails,
  type ProjectListItem,
  type ReportItem,
  type WordStatus,
} from '@mazhu/contracts';
import { presentOrigins } from '../origins/origins.service';
import type { ModuleRow, ProjectListRow, ProjectRow, UploadRow } from './projects.repo';

/** What a successful generation left on the project row (`materials_json`). */
export interface StoredMaterials {
  jobId: number;
  blobKey: string;
  downloadName: string;
  size: number;
  files: MaterialFile[];
  report: ReportItem[];
  charge?: Charge;
  /** The filing assistant's content (申报指南), from the generation. */
  guide?: FilingGuide;
}

/** JSON text of a column, or `fallback` when empty or unreadable. */
export const parseJson = <T>(text: string | null, fallback: T): T => {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

export const readForm = (row: Pick<ProjectRow, 'form_json'>): ApplicationForm => {
  const r = ZApplicationForm.safeParse(parseJson(row.form_json, {}));
  return r.success ? r.data : ZApplicationForm.parse({});
};
export const readMaterials = (row: Pick<ProjectRow, 'materials_json'>): StoredMaterials | undefined => parseJson<StoredMaterials | undefined>(row.materials_json, undefined);

/** Distinct form texts whose list summary is kept (`listSummary`). */
const SUMMARY_CACHE = 1000;
const summaries = new Map<string, { languages: string[]; sourceLines: number }>();

/**
 * 编程语言 and 源程序量 of a stored form, as `readForm` reads them (the whole form is validated; an invalid one reads as
 * the defaults). Kept per form text, since validating every form of a page costs more than the rest of the list.
 */
function listSummary(formJson: string): { languages: string[]; sourceLines: number } {
  let s = summaries.get(formJson);
  if (!s) {
    const form = readForm({ form_json: formJson });
    s = { languages: form.languages ?? [], sourceLines: form.sourceLines ?? 0 };
    if (summaries.size >= SUMMARY_CACHE) summaries.delete(summaries.keys().next().value as string);
    summaries.set(formJson, s);
  }
  return s;
}

/** A row of the project list; `has_materials`: the row holds the materials of a successful generation. */
export function presentListItem(row: ProjectListRow): ProjectListItem {
  const { languages, sourceLines } = listSummary(row.form_json);
  return {
    id: row.id,
    source: row.source,
    name: row.name,
    shortName: row.short_name,
    version: row.version,
    category: row.category,
    platform: row.platform,
    languages: [...languages],
    sourceLines,
    moduleCount: Number(row.module_count ?? 0),
    status: row.status,
    progress: row.progress,
    message: row.message,
    downloadable: Boolean(row.has_materials),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    generatedAt: row.generated_at,
  };
}

export const presentModule = (m: ModuleRow): FunctionalModule => ({
  id: m.id,
  projectId: m.project_id,
  name: m.name,
  description: m.description,
  operations: parseJson<string[]>(m.operations, []),
  notes: parseJson<string[]>(m.notes, []),
  sort: m.sort,
  evidence: parseJson<string[]>(m.evidence, []),
  ...(m.name_confirm ? { nameConfirm: m.name_confirm } : {}),
});

export function presentUpload(u: UploadRow): CodeUpload {
  const a = ZCodeAnalysis.safeParse(parseJson(u.analysis_json, {}));
  return {
    uploadId: u.id,
    fileName: u.file_name,
    size: u.size,
    analysis: a.success
      ? a.data
      : { languages: [], sourceLines: 0, codeLines: 0, commentLines: 0, blankLines: 0, files: 0, byLanguage: [], skipped: 0, entry: '', estimatedPages: 0 },
  };
}

/** A project with its modules, code and owners (`owners` in form order; `form.ownerIds` follows them). */
export function presentDetails(row: ProjectRow, modules: ModuleRow[], upload: UploadRow | undefined, owners: OwnerListItem[] = []): ProjectDetails {
  const origins = presentOrigins(row.origins_json);
  return {
    ...presentListItem({ ...row, module_count: modules.length, has_materials: Boolean(readMaterials(row)) }),
    platformTypeId: row.platform_type_id,
    description: row.description,
    form: { ...readForm(row), ownerIds: owners.map((o) => o.id) },
    modules: modules.map((m, i) => ({ ...presentModule(m), origins: origins.modules.get(i) ?? {} })),
    code: upload ? presentUpload(upload) : null,
    owners,
    softwareForm: (SOFTWARE_FORMS as readonly string[]).includes(row.software_form) ? (row.software_form as SoftwareFormKey) : null,
    hasAiInformation: Boolean(row.ai_json),
    materialsOutdated: Boolean(row.generated_at && row.updated_at > row.generated_at),
    origins: origins.project,
  };
}

export function presentStatus(row: ProjectRow): WordStatus {
  const m = readMaterials(row);
  const done = row.status === 'succeeded' && m;
  return {
    id: row.id,
    state: row.status,
    progress: row.progress,
    message: row.message,
    ...(done ? { files: m.files, downloadName: m.downloadName || materialsZipName(row.name, row.version), report: m.report } : {}),
    ...(m?.charge && done ? { charge: m.charge } : {}),
    updatedAt: row.updated_at,
  };
}
