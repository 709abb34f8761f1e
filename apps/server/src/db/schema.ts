import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

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
  /** Why it was revoked: logout | password | operator. */
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
  created_at: string;
  created_by: number | null;
}

export interface OperatorSessionsTable {
  id: string;
  operator_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
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
}

export interface Database {
  code_uploads: CodeUploadsTable;
  projects: ProjectsTable;
  functional_modules: FunctionalModulesTable;
  generation_jobs: GenerationJobsTable;
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
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
