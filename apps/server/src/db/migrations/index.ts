import type { Kysely } from 'kysely';
import type { Dialect } from '../index';
import { m001Foundation } from './001-foundation';
import { m002Accounts } from './002-accounts';
import { m002bOperators } from './002b-operators';
import { m003Projects } from './003-projects';

export interface VersionedMigration {
  /** Sortable unique name, e.g. `001-foundation`. Never rename or edit one that has shipped: add a new one. */
  name: string;
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
}

/** Every migration in order. Add new ones at the end. */
export const migrations: VersionedMigration[] = [m001Foundation, m002Accounts, m002bOperators, m003Projects];
