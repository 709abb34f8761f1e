import { SETTING_DEFINITIONS, settingDefinition, type AdminSettingItem, type SettingDefinition } from '@mazhu/contracts';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { nowIso } from '../../db';
import type { Database } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { recordAudit } from './audit';

const parseJson = (text: string | undefined): unknown => {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/**
 * The stored value of a known setting when it is present and valid for its schema, else undefined (a feature
 * then uses its own fallback, e.g. an environment variable).
 */
export async function readStoredSetting<T>(db: Kysely<Database>, key: string): Promise<T | undefined> {
  const def = settingDefinition(key);
  if (!def) return undefined;
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  const parsed = def.schema.safeParse(parseJson(row?.value));
  return parsed.success ? (parsed.data as T) : undefined;
}

/** The value of a known setting: the stored value when valid, otherwise the definition's default. */
export async function readSetting<T>(db: Kysely<Database>, key: string): Promise<T> {
  const def = settingDefinition(key);
  if (!def) throw new Error(`unknown setting ${key}`);
  return (await readStoredSetting<T>(db, key)) ?? (def.default as T);
}

/** The JSON schema the editor renders (zod's, input side). */
const jsonSchema = (def: SettingDefinition) => z.toJSONSchema(def.schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, { title?: string }> };

function present(def: SettingDefinition, row: { value: string; updated_at: string } | undefined): AdminSettingItem {
  const parsed = def.schema.safeParse(parseJson(row?.value));
  return {
    key: def.key,
    group: def.group,
    label: def.label,
    description: def.description,
    unit: def.unit,
    schema: jsonSchema(def) as Record<string, unknown>,
    value: parsed.success ? parsed.data : def.default,
    stored: parsed.success,
    updatedAt: row?.updated_at ?? null,
  };
}

/** Every known setting with its value, in definition order. */
export async function listSettings(db: Kysely<Database>): Promise<AdminSettingItem[]> {
  const rows = await db.selectFrom('settings').select(['key', 'value', 'updated_at']).where('key', 'in', SETTING_DEFINITIONS.map((d) => d.key)).execute();
  return SETTING_DEFINITIONS.map((d) => present(d, rows.find((r) => r.key === d.key)));
}

/**
 * Validates `value` with the key's schema and stores it; the audit row (same transaction) keeps the previous
 * value. Throws 400 for an unknown key or a bad value: the setting's label, the field's title and the schema's
 * Chinese message (e.g. 服务方（码著服务协议的乙方）「统一社会信用代码」：统一社会信用代码校验位不符…).
 */
export async function updateSetting(db: Kysely<Database>, actor: { operatorId: number; ip?: string }, key: string, value: unknown): Promise<AdminSettingItem> {
  const def = settingDefinition(key);
  if (!def) throw badRequest(`未知的设置项：${key}`);
  const parsed = def.schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = issue?.path[0];
    const field = name === undefined ? '' : `「${jsonSchema(def).properties?.[String(name)]?.title ?? issue!.path.join('.')}」`;
    throw badRequest(`${def.label}${field}：${issue?.message ?? '格式不正确'}`);
  }
  const text = JSON.stringify(parsed.data);
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('settings').select(['value']).where('key', '=', key).executeTakeFirst();
    await trx
      .insertInto('settings')
      .values({ key, value: text, updated_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: text, updated_at: now }))
      .execute();
    await recordAudit(trx, { ...actor, action: 'settings.update', target: `setting:${key}`, before: before ? { value: parseJson(before.value) } : { value: def.default, default: true }, after: { value: parsed.data } });
    return present(def, { value: text, updated_at: now });
  });
}
