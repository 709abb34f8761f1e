import type { Kysely } from 'kysely';
import type { VersionedMigration } from './index';
import { index } from './helpers';

/**
 * The project list of every source (`getProjectList` type all) is a user's projects newest first: with (user_id, id)
 * the database walks the index backwards and stops after the page, where (user_id, source, id) made it read and sort
 * every project of the user on each call.
 */
async function up(db: Kysely<unknown>): Promise<void> {
  await index(db, 'projects', 'projects_user_id_idx', ['user_id', 'id']);
}

export const m017ProjectListIndex: VersionedMigration = { name: '017-project-list-index', up };
