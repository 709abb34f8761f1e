import type { Kysely } from 'kysely';
import type { VersionedMigration } from './index';

/**
 * What the checks of an uploaded screenshot need beyond its OCR lines: JSON `{ blank?: boolean, personal?: [{ kind,
 * text, box: { x, y, width, height } }] }` — a flat picture, and the personal data read on it with where it is (for
 * masking). Prototypes keep `{}`.
 */
async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('project_screens').addColumn('findings_json', 'text', (c) => c.notNull().defaultTo('{}')).execute();
}

export const m060ScreenFindings: VersionedMigration = { name: '060-screen-findings', up };
