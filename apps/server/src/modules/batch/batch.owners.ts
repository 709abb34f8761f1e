import { normalizeIdNumber } from '@mazhu/contracts';
import { AppError } from '../../lib/errors';
import type { OwnerService } from '../owners/owners.service';
import type { OwnerDirectory } from './batch.service';

/** What looks like a 证件号码 (letters and digits only, at least 6) rather than a name. */
const looksLikeIdNumber = (t: string) => /^[0-9A-Za-z]{6,}$/.test(t.replace(/\s+/g, ''));

/**
 * The owner registry (/owner) as the batch uses it: a 著作权人 cell names a registered owner by 证件号码 or by its
 * exact name; two owners of the same name answer the registry's own message (asking for the number).
 */
export function ownerDirectory(owners: Pick<OwnerService, 'lookup' | 'list'>): OwnerDirectory {
  return {
    async resolve(userId, tokens) {
      const out = new Map<string, { id?: number; error?: string }>();
      for (const t of new Set(tokens)) {
        try {
          const byNumber = looksLikeIdNumber(t) ? await owners.lookup(userId, { idNumber: normalizeIdNumber(t) }) : undefined;
          const found = byNumber ?? (await owners.lookup(userId, { name: t }));
          if (found) out.set(t, { id: found.id });
        } catch (e) {
          if (e instanceof AppError) out.set(t, { error: e.message });
          else throw e;
        }
      }
      return out;
    },
    async names(userId) {
      const names: string[] = [];
      for (let page = 1; page <= 20; page++) {
        const p = await owners.list(userId, { page, pageSize: 100 } as Parameters<OwnerService['list']>[1]);
        names.push(...p.list.map((o) => o.name));
        if (names.length >= p.total || p.list.length === 0) break;
      }
      return [...new Set(names)];
    },
  };
}
