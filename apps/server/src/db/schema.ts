import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table types of the database, declared once (STYLE: never re-typed per query).
 * Timestamps are ISO-8601 text in UTC for both SQLite and PostgreSQL; booleans are 0/1 integers; JSON is text.
 */
export interface UsersTable {
  id: Generated<number>;
  mobile: string | null;
  email: string | null;
  name: string;
  password_hash: string;
  /** 1 ordinary user (default), 2 user with an invitation code (spec §6). */
  role: number;
  invitation_code: string | null;
  inviter_id: number | null;
  free_times: number;
  /** 1 when an operator disabled the account: it can no longer sign in. */
  disabled: number;
  recharge_points: Generated<number>;
  gifted_points: Generated<number>;
  /** 1 when the user chose 不使用 AI 撰写: AI writing calls are refused. */
  ai_opt_out: Generated<number>;
  /** When the user confirmed the notice about the 2026 AI declaration (null = not yet). */
  ai_notice_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  /** sha256 of the bearer token; the token itself is never stored. */
  token_hash: string;
  created_at: string;
  expires_at: string;
  last_seen_at: string;
  revoked_at: string | null;
  /** Why it was revoked: logout | password | operator | session_limit (MAX_SESSIONS_PER_USER). */
  revoked_reason: string | null;
  ip: string | null;
  user_agent: string | null;
}

export interface NoticesTable {
  id: Generated<number>;
  title: string;
  category: string;
  summary: string;
  content: string;
  source: string;
  published_at: string;
  sort: number;
  created_at: string;
}

export interface FaqsTable {
  id: Generated<number>;
  category: string;
  question: string;
  answer: string;
  sort: number;
}

export interface AgreementsTable {
  type: number;
  title: string;
  content: string;
  updated_at: string;
}

export interface CaseTypesTable {
  id: Generated<number>;
  name: string;
  sort: number;
}

export interface CasesTable {
  id: Generated<number>;
  case_type_id: number;
  name: string;
  version: string;
  platform: string;
  summary: string;
  /** JSON array of module names. */
  modules: string;
  languages: string;
  source_lines: number;
  code_pages: number;
  manual_pages: number;
  cover_color: string;
  sort: number;
}

export interface PlatformTypesTable {
  id: Generated<number>;
  name: string;
  description: string;
  sort: number;
}

export interface SettingsTable {
  key: string;
  /** JSON value. */
  value: string;
  updated_at: string;
}

/** Append-only record of every change of balance (recharge points, gifted points, free times) with its reason. */
export interface PointsLedgerTable {
  id: Generated<number>;
  user_id: number;
  kind: 'recharge' | 'gift' | 'free_times';
  delta: number;
  balance_after: number;
  reason: string;
  ref: string | null;
  created_at: string;
}

/** Back-office operators (adminLogin / addAdmin / delAdmin); never ordinary users. */
export interface OperatorsTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  /** 'admin' (管理员, everything) or 'support' (客服); see contracts OperatorRole. */
  role: Generated<string>;
  created_at: string;
  created_by: number | null;
  updated_at: string | null;
  /** A 客服's daily approval limit in fen; null = the setting points.supportDailyApprovalLimit. */
  daily_approval_limit_fen: number | null;
}

export interface OperatorSessionsTable {
  id: string;
  operator_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  /** Why it ended: logout | password | deleted | role | … */
  revoked_reason: string | null;
}

/** Append-only trail of every operator write (never updated or deleted by the application). */
export interface AuditLogTable {
  id: Generated<number>;
  operator_id: number;
  /** The operator's username at the time (kept when the operator is deleted). */
  operator_name: string;
  /** Dotted verb, e.g. `operator.add`, `user.disable`, `settings.update`. */
  action: string;
  /** What was changed, e.g. `user:12`, `faq:3`, `setting:cost.generate`. */
  target: string;
  /** JSON of the state before / after the change (secrets removed); null for a creation / deletion. */
  before_json: string | null;
  after_json: string | null;
  ip: string | null;
  created_at: string;
}

/** Published versions of the service agreement (type 1) and privacy policy (type 2). */
export interface AgreementVersionsTable {
  id: Generated<number>;
  type: number;
  version: string;
  title: string;
  content: string;
  /** When this version took (or takes) effect; the public page shows the newest one already in effect. */
  effective_at: string;
  created_at: string;
  created_by: number | null;
}

/** An uploaded code archive (zip / tar.gz) and the materials engine's analysis of it. */
export interface CodeUploadsTable {
  id: Generated<number>;
  user_id: number;
  file_name: string;
  kind: 'zip' | 'tar.gz';
  size: number;
  blob_key: string;
  /** JSON: contracts CodeAnalysis plus the AI writer's structure hints. */
  analysis_json: string;
  /** JSON { include: string[], exclude: string[] }: the user's file selection (gitignore syntax); '{}' = defaults. */
  selection_json: string;
  created_at: string;
}

/** A project: the R11 form fields (form_json), its code, AI information and the state of its materials. */
export interface ProjectsTable {
  id: Generated<number>;
  user_id: number;
  source: 'form' | 'code';
  name: string;
  short_name: string;
  version: string;
  category: string;
  platform_type_id: number | null;
  platform: string;
  description: string;
  /** JSON: contracts ApplicationForm. */
  form_json: string;
  /** JSON of the AI information, when generated. */
  ai_json: string | null;
  upload_id: number | null;
  status: 'draft' | 'queued' | 'generating' | 'succeeded' | 'failed';
  progress: number;
  message: string;
  /** JSON: { blobKey, downloadName, files, report, charge } of the last successful generation. */
  materials_json: string | null;
  generated_at: string | null;
  /** The software form the user confirmed (docgen SOFTWARE_FORMS), '' = as detected from the code. */
  software_form: string;
  /** JSON { [fieldKey]: StoredOrigin }: where each text came from (modules/origins). */
  origins_json: Generated<string>;
  /** JSON: contracts RightsDeclaration — the owners' declaration for code naming others; null = none. */
  rights_declaration_json?: string | null;
  created_at: string;
  updated_at: string;
}

export interface FunctionalModulesTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  description: string;
  /** JSON array of operation steps. */
  operations: string;
  /** JSON array of "path#symbol": where the code shows this module (from the code analysis). */
  evidence: Generated<string>;
  /** JSON array of the module's 注意事项 as the user wrote them. */
  notes: Generated<string>;
  /** Why the name waits for the user's confirmation (inferred by the analysis); null once confirmed or typed. */
  name_confirm: ColumnType<string | null, string | null | undefined, string | null>;
  sort: number;
  created_at: string;
  updated_at: string;
}

/** The persisted in-process job queue (jobs/). */
export interface GenerationJobsTable {
  id: Generated<number>;
  kind: string;
  ref_id: number;
  user_id: number;
  /** JSON payload, validated by the job definition's zod schema. */
  payload: string;
  state: 'queued' | 'running' | 'succeeded' | 'failed';
  progress: number;
  message: string;
  attempts: number;
  max_attempts: number;
  error: string | null;
  /** JSON: contracts Charge, refunded once when the job finally fails. */
  charge_json: string | null;
  refunded: number;
  run_after: string;
  lease_until: string | null;
  locked_by: string | null;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** When the queued row was handed to BullMQ (Redis runner only; the row is the outbox). */
  dispatched_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A copyright owner (著作权人) of one user; the identity number only encrypted (lib/field-cipher.ts). */
export interface OwnersTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** 自然人 | 企业法人 | 机关法人 | 事业单位法人 | 社会团体法人 | 其他组织 (contracts OWNER_CATEGORIES). */
  category: string;
  nationality: string;
  province: string;
  city: string;
  /** contracts ID_TYPES. */
  id_type: string;
  /** AES-256-GCM `v1:<iv>:<tag>:<ciphertext>` of the normalised 证件号码. */
  id_number_enc: string;
  /** HMAC-SHA256 blind index of the normalised 证件号码 (unique per user). */
  id_hash: string;
  contact_name: string;
  contact_phone: string;
  email: string;
  address: string;
  created_at: string;
  updated_at: string;
}

/** The ordered 著作权人 of a project (sort 0 = first owner on the form). */
export interface ProjectOwnersTable {
  project_id: number;
  owner_id: number;
  sort: number;
}

/** A generated contract (合同): list columns in clear, the filled content encrypted, PDF/DOCX in the blob store. */
export interface ContractsTable {
  id: Generated<number>;
  user_id: number;
  project_id: number | null;
  /** contracts CONTRACT_TYPES key. */
  type: string;
  title: string;
  software_name: string;
  software_version: string;
  /** Party names joined with 、 (for the list). */
  party_names: string;
  /** 签订日期 YYYY-MM-DD. */
  sign_date: string;
  /** Encrypted JSON of the filled contract (contracts ContractContent). */
  data_enc: string;
  pdf_key: string;
  docx_key: string;
  /** JSON array of the party warnings the user confirmed when making the contract ('[]' when there were none). */
  confirmed_warnings: Generated<string>;
  created_at: string;
}

/** A screen (figure) of a project: a rendered prototype or the user's own screenshot. */
export interface ProjectScreensTable {
  id: Generated<number>;
  project_id: number;
  user_id: number;
  /** login | main | module | arch | modules */
  key: string;
  module_id: number | null;
  module_name: string;
  title: string;
  kind: string;
  /** JSON: contracts ScreenSpec (kept when an upload replaces the prototype, to go back to it). */
  spec_json: string;
  source: 'prototype' | 'upload';
  blob_key: string;
  mime: string;
  width: number;
  height: number;
  /** sha256 of what the prototype was rendered from; a different hash means it must be rendered again. */
  render_hash: string;
  /** JSON array of strings: the renderer's text record, or the OCR lines of an upload. */
  texts_json: string;
  /** JSON of an upload's findings (`ScreenFindings`: blank picture, personal data with boxes); `{}` for prototypes. */
  findings_json: Generated<string>;
  sort: number;
  created_at: string;
  updated_at: string;
}

/** The prototype look of a project. */
export interface ProjectPreviewsTable {
  project_id: number;
  theme: string;
  /** #rrggbb or '' for the theme's own. */
  color: string;
  /** Platform frame id or '' for the one the project's platform implies. */
  platform: string;
  updated_at: string;
}

/** A batch order (批量下单): drafted from the Excel template or the browser's table, then ordered at once. */
export interface BatchOrdersTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  source: 'excel' | 'quick';
  /** draft until ordered; the rows' projects tell the progress afterwards. */
  status: 'draft' | 'ordered';
  /** JSON array of file-level notices (e.g. ignored sheets). */
  notices_json: string;
  /** JSON: contracts Charge of the whole order (null while a draft). */
  charge_json: string | null;
  created_at: string;
  updated_at: string;
  ordered_at: string | null;
}

/** One software of a batch: the cells as typed, their errors, the attached code and the project made for it. */
export interface BatchRowsTable {
  id: Generated<number>;
  batch_id: number;
  user_id: number;
  row_no: number;
  /** JSON: contracts BatchRowValues. */
  values_json: string;
  /** JSON: contracts BatchCellError[]. */
  errors_json: string;
  upload_id: number | null;
  project_id: number | null;
  job_id: number | null;
  points: number;
  /** 1 when the user left the row out of the order (no project, nothing charged). */
  excluded: Generated<number>;
  /** The job of the row's one free regeneration after its check findings were fixed (null while unused). */
  free_regen_job_id: number | null;
  created_at: string;
  updated_at: string;
}

/** What the duplicate checks compare for an upload: the archive's hash and the hash of each printed code file. */
export interface CodeFingerprintsTable {
  upload_id: number;
  archive_sha256: string;
  /** JSON array of SHA-1 hex digests. */
  files_json: string;
  created_at: string;
}

/** A recharge package (积分充值套餐); the price is exact, in fen. */
export interface RechargePackagesTable {
  id: Generated<number>;
  name: string;
  price_fen: number;
  recharge_points: number;
  gifted_points: number;
  sort: number;
  on_sale: number;
  description: string;
  created_at: string;
  updated_at: string;
}

/** A top-up order paid by bank transfer; what was bought is copied from the package; one voucher per order. */
export interface TopUpOrdersTable {
  id: Generated<number>;
  order_no: string;
  user_id: number;
  package_id: number;
  package_name: string;
  price_fen: number;
  recharge_points: number;
  gifted_points: number;
  state: 'pending_payment' | 'pending_review' | 'credited' | 'rejected' | 'cancelled';
  reject_reason: string;
  voucher_key: string | null;
  voucher_sha256: string | null;
  /** Difference hash of an image voucher (16 hex digits); null for PDFs and orders without a voucher. */
  voucher_phash: string | null;
  /** Note the reviewer gave with the approval ('' when none). */
  approval_note: Generated<string>;
  voucher_mime: string | null;
  voucher_size: number | null;
  voucher_name: string | null;
  voucher_at: string | null;
  reviewed_by: number | null;
  reviewed_at: string | null;
  created_at: string;
  updated_at: string;
}

/** One row per account registered with an invitation code: the reward is credited once (or skipped, with why). */
export interface InvitationRewardsTable {
  invitee_id: number;
  inviter_id: number;
  inviter_points: number;
  invitee_points: number;
  skipped: string;
  created_at: string;
}

/** A correction project (补正): a notice of one project, its items and fixes, the filed and the corrected materials. */
export interface CorrectionsTable {
  id: Generated<number>;
  user_id: number;
  project_id: number;
  notice_text: string;
  notice_source: 'text' | 'pdf' | 'image';
  /** YYYY-MM-DD */
  notice_date: string;
  /** YYYY-MM-DD: notice_date + 30 days (登记办法 第二十二条). */
  deadline: string;
  serial_no: string | null;
  /** JSON: contracts ParsedNotice, the items with the state of their fixes. */
  items_json: string;
  /** JSON: the filed name, version, form, modules and file list (what the correction answers). */
  filed_json: string;
  /** Copy of the filed materials zip. */
  filed_blob_key: string;
  status: 'pending' | 'processing' | 'queued' | 'generating' | 'generated' | 'failed' | 'cancelled';
  progress: number;
  message: string;
  /** JSON: blob key, files and diff of the last generated answer package. */
  result_json: string | null;
  /** JSON: contracts Charge of this correction (set when charged, cleared when refunded). */
  charge_json: string | null;
  generated_at: string | null;
  cancelled_at: string | null;
  created_at: string;
  updated_at: string;
  /** Round of fixes (1, 2, …): a fix after the answer was generated starts the next round. */
  revision: Generated<number>;
  /** Rounds that were charged (refunded ones not counted). */
  paid_revisions: Generated<number>;
  /** When the user marked the answer as submitted at the CPCC portal; null while not. */
  submitted_at: string | null;
}

/** What the server's writers returned to a user, kept to recognise that text (or an edit of it) when it is saved. */
export interface AiOutputsTable {
  id: Generated<number>;
  user_id: number;
  /** The field the text was written for (mainFunctions, description, module.description …). */
  kind: string;
  /** openai (a model wrote it) | offline (the rule-based writer). */
  provider: string;
  model: Generated<string>;
  /** sha256 (hex) of the normalised text. */
  text_hash: string;
  norm_length: number;
  /** JSON array of 32-bit hashes of the normalised text's character 3-grams. */
  shingles: string;
  created_at: string;
}

export interface Database {
  ai_outputs: AiOutputsTable;
  corrections: CorrectionsTable;
  recharge_packages: RechargePackagesTable;
  top_up_orders: TopUpOrdersTable;
  invitation_rewards: InvitationRewardsTable;
  batch_orders: BatchOrdersTable;
  batch_rows: BatchRowsTable;
  code_fingerprints: CodeFingerprintsTable;
  project_screens: ProjectScreensTable;
  project_previews: ProjectPreviewsTable;
  owners: OwnersTable;
  project_owners: ProjectOwnersTable;
  contracts: ContractsTable;
  code_uploads: CodeUploadsTable;
  projects: ProjectsTable;
  functional_modules: FunctionalModulesTable;
  generation_jobs: GenerationJobsTable;
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  audit_log: AuditLogTable;
  agreement_versions: AgreementVersionsTable;
  points_ledger: PointsLedgerTable;
  users: UsersTable;
  sessions: SessionsTable;
  notices: NoticesTable;
  faqs: FaqsTable;
  agreements: AgreementsTable;
  case_types: CaseTypesTable;
  cases: CasesTable;
  platform_types: PlatformTypesTable;
  settings: SettingsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Session = Selectable<SessionsTable>;
