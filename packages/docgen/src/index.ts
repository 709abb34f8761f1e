/**
 * @mazhu/docgen — the materials engine (程序鉴别材料, 文档鉴别材料, 申请表) for CPCC
 * software copyright registration. Pure functions: project data and code files in, buffers out.
 */
export { DocgenError, type DocgenErrorCode } from './errors';
export {
  intakeDirectory,
  intakeArchive,
  archiveKindOf,
  orderFiles,
  computeStats,
  SKIPPED_DIRS,
  type CodeFile,
  type LanguageStats,
  type LanguageCount,
  type IntakeOptions,
  type IntakeResult,
  type SkippedFile,
} from './intake';
export { decodeSource, type SourceEncoding } from './decode';
export { detectLanguage, type LanguageInfo, type CommentStyle } from './languages';
export { scanSource, LINE_CODE, LINE_COMMENT } from './lexer';
export { charWidth, displayWidth, wrapByWidth, isWide } from './width';
export { analyseCode, type CodeAnalysis, type StructureHints } from './analyse';
export { Scrubber, isValidChineseId, SCRUB_LABELS, type ScrubReport, type ScrubFinding, type ScrubKind } from './scrub';
export {
  buildSourceCodeDocument,
  type BuildSourceCodeOptions,
  type SourceCodeDocument,
  type SourcePage,
  type PrintedLine,
  type SourceManifest,
  type ManifestLine,
} from './source-document';
export { renderSourceCodePdf } from './render-source-pdf';
export { renderSourceCodeDocx } from './render-source-docx';
export { CODE_LAYOUT, A4 } from './layout';
export { validateName, validateVersion, NAME_SUFFIX, VERSION_RE } from './names';
export {
  ZProject,
  ZModule,
  ZOwner,
  ZImage,
  SOFTWARE_CATEGORIES,
  DEVELOPMENT_MODES,
  OWNER_CATEGORIES,
  TECH_TAGS,
  RIGHTS_ITEMS,
  type Project,
  type ProjectInput,
  type FunctionalModule,
  type Owner,
} from './project';
export {
  buildManual,
  renderManualPdf,
  renderManualDocx,
  manualExemptPages,
  manualPlannedLines,
  MANUAL_LAYOUT,
  type ManualModel,
  type ManualPage,
  type ManualLine,
} from './manual';
export {
  ZApplicationForm,
  FORM_FIELDS,
  formFromProject,
  formValueText,
  checkApplicationForm,
  isValidCreditCode,
  type ApplicationForm,
  type FormIssue,
} from './form';
export { renderApplicationFormPdf, renderApplicationFormDocx } from './render-form';
export { verifyPdf, readPdfPages, type VerifyReport, type VerifyItem, type PdfExpectations, type PdfPageReport } from './verify';
export { verifyMaterials, type VerifyMaterialsInput, type MaterialsReport } from './materials';
export { generateAll, formatReport, type GenerateOptions, type GeneratedMaterials } from './generate';
export { loadCjkFont, type CjkFont } from './fonts';
