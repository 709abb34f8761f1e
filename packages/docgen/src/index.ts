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
} from './intake/intake';
export { classifyPath, SKIP_CATEGORY_LABELS, type SkipCategory, type Classification } from './intake/classify';
export { licenceBlocks, type LicenceBlock } from './source/licence';
export { detectSoftwareForm, formHasUi, documentKindOf, SOFTWARE_FORMS, SOFTWARE_FORM_LABELS, type SoftwareForm, type SoftwareFormGuess } from './analysis/software-form';
export { readCodeStructure, identifierWords, unitKeyOf, cleanLabel, isTechnicalUnit, type LabelSource, type CodeStructure, type CodeUnit, type ApiItem, type Evidence, type EvidenceKind, type UsageExample } from './analysis/code-structure';
export { findCodeNotes, moduleCodeNotes, type CodeNote } from './analysis/code-notes';
export { findVersions, findUiNames, sameVersion, type FoundValue } from './analysis/versions';
export { findProvenance, authorOf, rightsSigns, plausibleName, type Provenance, type ProvenanceSign } from './intake/provenance';
export { decodeSource, type SourceEncoding } from './intake/decode';
export { detectLanguage, type LanguageInfo, type CommentStyle } from './intake/languages';
export { scanSource, LINE_CODE, LINE_COMMENT } from './intake/lexer';
export { charWidth, displayWidth, wrapByWidth, isWide } from './render/width';
export { analyseCode, prepareAnalysis, type CodeAnalysis, type StructureHints } from './analysis/analyse';
export { readPageFacts, readPagesAndUnits, templatePageUnits, isLoneJoiningWord, pageSteps, moduleSteps, modulePages, type PageFacts, type PageField, type PageFieldKind, type PageText, type PageCall, type PageStep } from './analysis/pages';
export { Scrubber, isValidChineseId, findPersonalData, SCRUB_LABELS, type PersonalData, type ScrubReport, type ScrubFinding, type ScrubKind } from './source/scrub';
export {
  buildSourceCodeDocument,
  type BuildSourceCodeOptions,
  type SourceCodeDocument,
  type SourcePage,
  type PrintedLine,
  type SourceManifest,
  type ManifestLine,
  CONTINUATION,
} from './source/source-document';
export { renderSourceCodePdf } from './source/render-source-pdf';
export { renderSourceCodeDocx } from './source/render-source-docx';
export { CODE_LAYOUT, CODE_FONTS, A4 } from './render/layout';
export { validateName, validateVersion, NAME_SUFFIX, VERSION_RE } from './form/names';
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
  type TextSource,
} from './manual/manual';
export {
  ZApplicationForm,
  FORM_FIELDS,
  formFromProject,
  formValueText,
  checkApplicationForm,
  isValidCreditCode,
  type ApplicationForm,
  type FormIssue,
} from './form/form';
export { renderApplicationFormPdf, renderApplicationFormDocx, formRows } from './form/render-form';
export { buildFilingGuide, PLEDGE_PASSAGE, type GuideFile } from './form/filing-guide';
export { renderFilingGuidePdf } from './form/render-filing-guide';
export { verifyPdf, readPdfPages, levelOf, CHECK_LEVEL_LABELS, type CheckLevel, type VerifyReport, type VerifyItem, type PdfExpectations, type PdfPageReport } from './verify/verify';
export { coverageItems, figureItems, moduleMatchesUnit, moduleNameItems, consistencyItems, provenanceItems, scrubItems, selectionItems, type Audience, type ModuleClaim } from './verify/checks';
export { nameInTextItem, formTexts, pageTexts, type PlacedText } from './verify/names';
export { verifyMaterials, type VerifyMaterialsInput, type MaterialsReport } from './materials';
export { generateAll, formatReport, reportJson, formatSourceManifest, type ReportJsonItem, type GenerateOptions, type GeneratedMaterials } from './generate';
export { loadCjkFont, loadFallbackFonts, type CjkFont, type FallbackFont } from './render/fonts';
export { fontForCodePoint } from './render/pdf-kit';
export {
  buildPrototype,
  platformOf,
  renderScreen,
  renderScreens,
  closePrototypePool,
  logPrototypePoolTo,
  warmPrototypePool,
  screenOperationSteps,
  screenFactsOf,
  codeScreensOf,
  describeScreen,
  diagramCodeOf,
  prototypeFonts,
  PLATFORM_SCALE,
  type Prototype,
  type PrototypeSource,
  type ScreenFacts,
  type ScreenPage,
  type CodeScreens,
  type RenderedScreen,
  type DiagramCode,
} from './prototype/index';
export { diagramFigures, withDocumentFigures } from './manual/figures';
export { readPdfText, readPdfImages, type PdfImage } from './correction/pdf-text';
export {
  renderCorrectionLetterPdf,
  renderCorrectionLetterDocx,
  letterBlocks,
  chineseOrdinal,
  chineseDate,
  type CorrectionLetter,
  type CorrectionLetterItem,
} from './correction/correction-letter';
export {
  CONTRACT_TYPES,
  CONTRACT_TYPE_INFO,
  PARTY_KINDS,
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
export { lowerThreadPriority } from './render/thread-priority';
