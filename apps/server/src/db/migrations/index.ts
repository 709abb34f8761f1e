import type { Kysely } from 'kysely';
import type { Dialect } from '../index';
import { m001Foundation } from './001-foundation';
import { m002Accounts } from './002-accounts';
import { m002bOperators } from './002b-operators';
import { m003Projects } from './003-projects';
import { m004OwnersContracts } from './004-owners-contracts';
import { m005Grounding } from './005-grounding';
import { m006Screens } from './006-screens';
import { m007Points } from './007-points';
import { m008Batch } from './008-batch';
import { m009Corrections } from './009-corrections';
import { m010Admin } from './010-admin';
import { m014JobOutbox } from './014-job-outbox';
import { m016ModuleNotes } from './016-module-notes';
import { m017ProjectListIndex } from './017-project-list-index';
import { m100VoucherReview } from './100-voucher-review';
import { m020TextOrigins } from './020-text-origins';
import { m050BatchRowChoices } from './050-batch-row-choices';
import { m060ScreenFindings } from './060-screen-findings';
import { m030RightsDeclaration } from './030-rights-declaration';
import { m101CorrectionRevisions } from './101-correction-revisions';
import { m102ModuleNameConfirm } from './102-module-name-confirm';
import { m103ContractConfirmedWarnings } from './103-contract-confirmed-warnings';

export interface VersionedMigration {
  /** Sortable unique name, e.g. `001-foundation`. Never rename or edit one that has shipped: add a new one. */
  name: string;
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
}

/** Every migration in order. Add new ones at the end. */
export const migrations: VersionedMigration[] = [
  m001Foundation,
  m002Accounts,
  m002bOperators,
  m003Projects,
  m004OwnersContracts,
  m005Grounding,
  m006Screens,
  m007Points,
  m008Batch,
  m009Corrections,
  m010Admin,
  m014JobOutbox,
  m016ModuleNotes,
  m017ProjectListIndex,
  m100VoucherReview,
  m020TextOrigins,
  m050BatchRowChoices,
  m060ScreenFindings,
  m030RightsDeclaration,
  m101CorrectionRevisions,
  m102ModuleNameConfirm,
  m103ContractConfirmedWarnings,
];
