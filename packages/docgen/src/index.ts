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
  type MetaFile,
  isMetaFile,
  sqlDataShare,
} from './intake';
export { detectSoftwareForm, formHasUi, documentKindOf, SOFTWARE_FORMS, SOFTWARE_FORM_LABELS, type SoftwareForm, type SoftwareFormGuess } from './software-form';
export { readCodeStructure, identifierWords, unitKeyOf, cleanLabel, type CodeStructure, type CodeUnit, type ApiItem, type Evidence, type EvidenceKind, type UsageExample } from './code-structure';
export { findCodeNotes, moduleCodeNotes, type CodeNote } from './code-notes';
export { findVersions, findUiNames, sameVersion, type FoundValue } from './versions';
export { findProvenance, authorOf, type Provenance, type ProvenanceSign } from './provenance';
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
  ZScreenFigure,
  SOFTWARE_CATEGORIES,
  DEVELOPMENT_MODES,
  OWNER_CATEGORIES,
  TECH_TAGS,
  RIGHTS_ITEMS,
  type Project,
  type ProjectInput,
  type FunctionalModule,
  type Owner,
  type ScreenFigure,
  type ScreenFigureInput,
} from './project';
export {
  buildManual,
  outlineManual,
  resolveSoftwareForm,
  renderManualPdf,
  renderManualDocx,
  manualExemptPages,
  manualPlannedLines,
  MANUAL_LAYOUT,
  type ManualModel,
  type ManualPage,
  type ManualLine,
  type ManualOutline,
  type ManualChapter,
  type ManualSection,
  type ManualFigure,
  type DocumentKind,
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
export { renderApplicationFormPdf, renderApplicationFormDocx, formRows } from './render-form';
export { verifyPdf, readPdfPages, levelOf, CHECK_LEVEL_LABELS, type CheckLevel, type VerifyReport, type VerifyItem, type PdfExpectations, type PdfPageReport } from './verify';
export { coverageItems, figureItems, moduleMatchesUnit, consistencyItems, provenanceItems, scrubItems, selectionItems, type Audience, type ModuleClaim } from './checks';
export { verifyMaterials, type VerifyMaterialsInput, type MaterialsReport } from './materials';
export { generateAll, formatReport, reportJson, formatSourceManifest, type ReportJsonItem, type GenerateOptions, type GeneratedMaterials } from './generate';
export { loadCjkFont, loadFallbackFonts, type CjkFont, type FallbackFont } from './fonts';
export { fontForCodePoint } from './pdf-kit';
export {
  buildPrototype,
  platformOf,
  renderScreen,
  renderScreens,
  closePrototypePool,
  warmPrototypePool,
  screenOperationSteps,
  describeScreen,
  diagramCodeOf,
  prototypeFonts,
  PLATFORM_SCALE,
  type Prototype,
  type PrototypeSource,
  type RenderedScreen,
  type DiagramCode,
} from './prototype/index';
export { diagramFigures, withDocumentFigures } from './figures';
export { readPdfText, readPdfImages, type PdfImage } from './pdf-text';
export {
  renderCorrectionLetterPdf,
  renderCorrectionLetterDocx,
  letterBlocks,
  chineseOrdinal,
  chineseDate,
  type CorrectionLetter,
  type CorrectionLetterItem,
} from './correction-letter';
export {
  CONTRACT_TYPES,
  CONTRACT_TYPE_INFO,
  PARTY_KINDS,
  SERVICE_PROVIDER_NAME,
  ZContractInput,
  ZContractRef,
  partyRole,
  type ContractType,
  type ContractTypeInfo,
  type PartyKind,
  type ContractParty,
  type ContractInput,
  type ContractDocument,
  type ContractRef,
} from './contract/model';
export { buildContract } from './contract/templates';
export { renderContractHtml, renderContractPdf, renderContractDocx } from './contract/render';
export { checkOwnership, ownerCompletenessIssues } from './contract/ownership';
export { lowerThreadPriority } from './thread-priority';
