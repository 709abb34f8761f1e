import crypto from 'node:crypto';
import type { Kv } from '../../kv';

/** Kinds of public content whose answers are kept; the back office announces a write with `changed(kind)`. */
export type CachedContent = 'notice';

/** Longest time a kept answer is served, even if no change was announced (a lost announcement heals by then). */
export const CONTENT_CACHE_SECONDS = 60;
/** Answers kept per process (one per call and query: page, page size, category, id). */
const MAX_ENTRIES = 500;
/** The current version of a kind lives this long in the store; a new one is drawn when it is gone. */
const VERSION_SECONDS = 86_400;
const versionKey = (kind: CachedContent) => `content-version:${kind}`;
const serialise = (answer: unknown) => Buffer.from(JSON.stringify(answer));

interface Entry {
  version: string;
  at: number;
  /** The answer's JSON (UTF-8) once read; the read in flight before that (requests arriving meanwhile share it). */
  body: Promise<Buffer>;
}

/**
 * Answers of the public content calls (the notice list and a notice), kept in this process as UTF-8 JSON so a
 * request costs neither a database read nor serialising. Every write of the back office draws a new random version
 * of its kind in `versions` after it commits; an answer is served only while the version it was read under is still
 * the current one, so the public site shows the change on the very next request, in every process that shares
 * `versions`. Without `versions` (a web process without Redis, whose neighbours' writes it would not hear of)
 * nothing is kept.
 *
 * `versions` is Redis when REDIS_URL is set, else the process's memory store (one ROLE=all process serves every
 * call, the back office's too). When the store cannot be read, answers are read from the database and nothing
 * is served from memory; an answer is never older than CONTENT_CACHE_SECONDS, which also bounds the staleness
 * after a write whose announcement was lost (the store unreachable at that moment, or the process gone).
 */
export function createContentCache(versions: Kv | undefined, opts: { now?: () => number; maxEntries?: number } = {}) {
  const now = opts.now ?? Date.now;
  const maxEntries = opts.maxEntries ?? MAX_ENTRIES;
  const entries = new Map<string, Entry>();

  async function currentVersion(kind: CachedContent): Promise<string | undefined> {
    if (!versions) return undefined;
    try {
      const v = await versions.get(versionKey(kind));
      if (v) return v;
      const fresh = crypto.randomUUID();
      if (await versions.setIfAbsent(versionKey(kind), fresh, VERSION_SECONDS)) return fresh;
      return (await versions.get(versionKey(kind))) ?? undefined;
    } catch {
      return undefined;
    }
  }

  return {
    /**
     * `load()`'s answer for `key` of `kind` as UTF-8 JSON: the kept one while it is current, else read now (and
     * kept). A `load` that throws keeps nothing; the error reaches the caller.
     */
    async json(kind: CachedContent, key: string, load: () => Promise<unknown>): Promise<Buffer> {
      const version = await currentVersion(kind);
      if (version === undefined) return serialise(await load());
      const id = `${kind}:${key}`;
      const hit = entries.get(id);
      if (hit && hit.version === version && now() - hit.at < CONTENT_CACHE_SECONDS * 1000) return hit.body;
      const entry: Entry = { version, at: now(), body: load().then(serialise) };
      entries.delete(id);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(id, entry);
      entry.body.catch(() => {
        if (entries.get(id) === entry) entries.delete(id);
      });
      return entry.body;
    },

    /**
     * Announces that `kind` changed (call it after the write committed): every process sharing the store reads it
     * anew on its next request. Never throws; if the store is unreachable the kept answers age out instead.
     */
    async changed(kind: CachedContent): Promise<void> {
      entries.forEach((e, id) => id.startsWith(`${kind}:`) && entries.delete(id));
      await versions?.set(versionKey(kind), crypto.randomUUID(), VERSION_SECONDS).catch(() => undefined);
    },
  };
}
export type ContentCache = ReturnType<typeof createContentCache>;
