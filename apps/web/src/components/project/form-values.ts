import dayjs, { type Dayjs } from '@/utils/dayjs';
import {
  AI_TECH_TAGS,
  type AiInformation,
  type ApplicationFormInput,
  type ModuleInput,
  type ProjectDetails,
  type ProjectInput,
} from '@mazhu/contracts';
import { splitLanguages, type ProjectDraft } from './checks';

/**
 * The values of the project forms (both wizards share one antd Form per page): the contract's ProjectInput and
 * ApplicationForm, flattened, with dates as Dayjs and 编程语言 as one line of text.
 */
export interface ModuleValues {
  /** Server id when the module exists (kept for reference only: saving replaces the list). */
  id?: number;
  name: string;
  description: string;
  /** One operation per line while editing. */
  operations: string[];
  /** 注意事项, one per line while editing (the manual adds the code's own validation and confirmation texts). */
  notes?: string[];
  /** Where the code shows this module ("path#symbol"): kept through edits so the check report can confirm it. */
  evidence?: string[];
  /**
   * Set when the code gives the module no name of its own (no menu, page title, API tag or comment): why the writer
   * chose the name. Shown as 名称待确认 until the user edits the name or confirms it; saved with the module while it stands,
   * so that the check report lists the names still unconfirmed.
   */
  nameConfirm?: string;
}

export interface ProjectFormValues {
  name: string;
  shortName?: string;
  version: string;
  category: string;
  /** The software form as the user confirms it (undefined = as detected from the code). */
  softwareForm?: ProjectInput['softwareForm'];
  platformTypeId?: number;
  platform?: string;
  description?: string;
  nature?: ApplicationFormInput['nature'];
  originalRegistrationNo?: string;
  modificationNote?: string;
  completionDate?: Dayjs | null;
  developmentMode?: ApplicationFormInput['developmentMode'];
  /** 著作权人 from the registry, in the order printed on the form. */
  ownerIds?: number[];
  publishStatus?: ApplicationFormInput['publishStatus'];
  publishDate?: Dayjs | null;
  publishCountry?: string;
  publishCity?: string;
  rightsAcquisition?: ApplicationFormInput['rightsAcquisition'];
  acquisitionWay?: ApplicationFormInput['acquisitionWay'];
  rightsScope?: ApplicationFormInput['rightsScope'];
  rightsItems?: ApplicationFormInput['rightsItems'];
  devHardware?: string;
  runHardware?: string;
  devOs?: string;
  devTools?: string;
  runPlatform?: string;
  runSupport?: string;
  languagesText?: string;
  sourceLines?: number;
  purpose?: string;
  domain?: string;
  mainFunctions?: string;
  techTags?: ApplicationFormInput['techTags'];
  techFeatures?: string;
  depositType?: ApplicationFormInput['depositType'];
  modules?: ModuleValues[];
}

export const DEFAULT_VALUES: Partial<ProjectFormValues> = {
  version: 'V1.0',
  category: '应用软件',
  nature: '原创',
  developmentMode: '单独开发',
  publishStatus: '未发表',
  publishCountry: '中国',
  rightsAcquisition: '原始取得',
  rightsScope: '全部',
  depositType: '一般交存',
  modules: [],
};

/** Fields of each part of the form (for step-by-step validation). */
export const BASIC_FIELDS: (keyof ProjectFormValues)[] = [
  'name',
  'shortName',
  'version',
  'category',
  'platformTypeId',
  'softwareForm',
  'description',
  'nature',
  'originalRegistrationNo',
  'modificationNote',
  'completionDate',
  'developmentMode',
  'ownerIds',
  'publishStatus',
  'publishDate',
  'publishCountry',
  'publishCity',
  'rightsAcquisition',
  'acquisitionWay',
  'rightsScope',
  'rightsItems',
];
export const AI_FIELDS: (keyof ProjectFormValues)[] = [
  'purpose',
  'domain',
  'mainFunctions',
  'techTags',
  'techFeatures',
  'devHardware',
  'runHardware',
  'devOs',
  'devTools',
  'runPlatform',
  'runSupport',
  'languagesText',
];

const day = (d: Dayjs | null | undefined) => (d && d.isValid() ? d.format('YYYY-MM-DD') : undefined);
const str = (s: string | undefined | null) => {
  const t = (s ?? '').trim();
  return t ? t : undefined;
};

export function toModuleInputs(mods: ModuleValues[] | undefined): ModuleInput[] {
  return (mods ?? [])
    .filter((m) => m && (m.name ?? '').trim())
    .map((m, i) => ({
      name: m.name.trim(),
      description: (m.description ?? '').trim(),
      operations: (m.operations ?? []).map((o) => o.trim()).filter(Boolean).slice(0, 12),
      notes: (m.notes ?? []).map((o) => o.trim()).filter(Boolean),
      sort: i,
      ...(m.evidence?.length ? { evidence: m.evidence.slice(0, 30) } : {}),
      ...(m.nameConfirm ? { nameConfirm: m.nameConfirm.slice(0, 200) } : {}),
    }));
}

export function toApplicationForm(v: Partial<ProjectFormValues>): ApplicationFormInput {
  const published = v.publishStatus === '已发表';
  const modified = v.nature === '修改';
  return {
    nature: v.nature,
    originalRegistrationNo: modified ? str(v.originalRegistrationNo) : undefined,
    modificationNote: modified ? str(v.modificationNote) : undefined,
    completionDate: day(v.completionDate),
    developmentMode: v.developmentMode,
    ownerIds: v.ownerIds,
    publishStatus: v.publishStatus,
    publishDate: published ? day(v.publishDate) : undefined,
    publishCountry: published ? str(v.publishCountry) : undefined,
    publishCity: published ? str(v.publishCity) : undefined,
    rightsAcquisition: v.rightsAcquisition,
    acquisitionWay: v.rightsAcquisition === '继受取得' ? v.acquisitionWay : undefined,
    rightsScope: v.rightsScope,
    rightsItems: v.rightsScope === '部分' ? v.rightsItems : undefined,
    devHardware: str(v.devHardware),
    runHardware: str(v.runHardware),
    devOs: str(v.devOs),
    devTools: str(v.devTools),
    runPlatform: str(v.runPlatform),
    runSupport: str(v.runSupport),
    languages: v.languagesText !== undefined ? splitLanguages(v.languagesText) : undefined,
    sourceLines: v.sourceLines,
    purpose: str(v.purpose),
    domain: str(v.domain),
    mainFunctions: str(v.mainFunctions),
    techTags: v.techTags,
    techFeatures: str(v.techFeatures),
    depositType: v.depositType,
  };
}

/** The basic part as the contract's ProjectInput (without form and modules). */
export function toBasicInput(v: Partial<ProjectFormValues>): Omit<ProjectInput, 'form' | 'modules' | 'uploadId'> {
  return {
    name: (v.name ?? '').trim(),
    shortName: str(v.shortName),
    version: (v.version ?? '').trim(),
    category: v.category as ProjectInput['category'],
    platformTypeId: v.platformTypeId,
    platform: str(v.platform),
    description: (v.description ?? '').trim(),
    ...(v.softwareForm ? { softwareForm: v.softwareForm } : {}),
  };
}

export function toProjectInput(v: Partial<ProjectFormValues>, uploadId?: number): ProjectInput {
  return { ...toBasicInput(v), form: toApplicationForm(v), modules: toModuleInputs(v.modules), uploadId };
}

export function toDraft(v: Partial<ProjectFormValues>, hasCode: boolean): ProjectDraft {
  return {
    name: v.name ?? '',
    shortName: v.shortName,
    version: v.version ?? '',
    category: v.category,
    platform: v.platform,
    form: toApplicationForm(v),
    modules: toModuleInputs(v.modules),
    hasCode,
    description: v.description,
  };
}

const toDay = (s: string | undefined) => (s ? dayjs(s, 'YYYY-MM-DD') : undefined);

export function fromDetails(p: ProjectDetails): ProjectFormValues {
  const f = p.form;
  return {
    name: p.name,
    shortName: p.shortName || undefined,
    version: p.version,
    category: p.category,
    platformTypeId: p.platformTypeId ?? undefined,
    platform: p.platform || undefined,
    softwareForm: p.softwareForm ?? undefined,
    description: p.description || undefined,
    nature: f.nature,
    originalRegistrationNo: f.originalRegistrationNo,
    modificationNote: f.modificationNote,
    completionDate: toDay(f.completionDate),
    developmentMode: f.developmentMode,
    ownerIds: f.ownerIds,
    publishStatus: f.publishStatus,
    publishDate: toDay(f.publishDate),
    publishCountry: f.publishCountry ?? '中国',
    publishCity: f.publishCity,
    rightsAcquisition: f.rightsAcquisition,
    acquisitionWay: f.acquisitionWay,
    rightsScope: f.rightsScope,
    rightsItems: f.rightsItems,
    devHardware: f.devHardware,
    runHardware: f.runHardware,
    devOs: f.devOs,
    devTools: f.devTools,
    runPlatform: f.runPlatform,
    runSupport: f.runSupport,
    languagesText: (f.languages ?? p.languages ?? []).join('、'),
    sourceLines: f.sourceLines ?? (p.sourceLines || undefined),
    purpose: f.purpose,
    domain: f.domain,
    mainFunctions: f.mainFunctions,
    techTags: f.techTags,
    techFeatures: f.techFeatures,
    depositType: f.depositType,
    modules: p.modules.map((m) => ({ id: m.id, name: m.name, description: m.description, operations: m.operations, notes: m.notes, evidence: m.evidence, ...(m.nameConfirm ? { nameConfirm: m.nameConfirm } : {}) })),
  };
}

const TAGS = new Set<string>(AI_TECH_TAGS);

/**
 * The AI texts as form values. Languages found in the code win over the AI's guess (the form must list every
 * language actually used).
 */
export function fromAiInformation(ai: AiInformation, codeLanguages?: string[]): Partial<ProjectFormValues> {
  return {
    purpose: ai.purpose,
    domain: ai.domain,
    mainFunctions: ai.mainFunctions,
    techTags: ai.techTags.filter((t) => TAGS.has(t)) as ProjectFormValues['techTags'],
    techFeatures: ai.techFeatures,
    devHardware: ai.devHardware,
    runHardware: ai.runHardware,
    devOs: ai.devOs,
    devTools: ai.devTools,
    runPlatform: ai.runPlatform,
    runSupport: ai.runSupport,
    languagesText: codeLanguages?.length ? codeLanguages.join('、') : ai.languages,
    modules: ai.modules.map((m) => ({ name: m.name, description: m.description, operations: m.operations, evidence: m.basis?.slice(0, 30), ...(m.confirm ? { nameConfirm: m.confirm } : {}) })),
  };
}

/** The AI information as the user edited it (for /api/editAiJsonText), on top of the last AI answer. */
export function toAiInformation(v: Partial<ProjectFormValues>, base: AiInformation): AiInformation {
  const s = (x: string | undefined, fallback: string) => (x ?? fallback).trim();
  return {
    ...base,
    purpose: s(v.purpose, base.purpose),
    domain: s(v.domain, base.domain),
    mainFunctions: s(v.mainFunctions, base.mainFunctions),
    techFeatures: s(v.techFeatures, base.techFeatures),
    techTags: (v.techTags ?? base.techTags) as AiInformation['techTags'],
    devHardware: s(v.devHardware, base.devHardware),
    runHardware: s(v.runHardware, base.runHardware),
    devOs: s(v.devOs, base.devOs),
    devTools: s(v.devTools, base.devTools),
    runPlatform: s(v.runPlatform, base.runPlatform),
    runSupport: s(v.runSupport, base.runSupport),
    languages: splitLanguages(v.languagesText ?? base.languages).join('、'),
    modules: v.modules ? toModuleInputs(v.modules).map((m) => ({ name: m.name, description: m.description ?? '', operations: m.operations ?? [] })) : base.modules,
  };
}

/** True when none of the AI-written texts has been filled yet. */
export const aiFieldsEmpty = (v: Partial<ProjectFormValues>) => !str(v.mainFunctions) && !str(v.purpose) && !str(v.techFeatures);
