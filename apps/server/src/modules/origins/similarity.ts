import { createHash } from 'node:crypto';

/**
 * Text fingerprints for recognising a writer's output, or an edit of it, in a saved text.
 *
 * A text is normalised (NFKC, lower case, whitespace, punctuation and symbols removed: the words only) and cut into
 * character 3-grams, each kept as a 32-bit FNV-1a hash. Three characters are enough to tell Chinese phrases apart and
 * survive the local edits a user makes (a sentence rewritten, words swapped), while a text rewritten in one's own
 * words shares few of them.
 */
export const SHINGLE = 3;
/** A saved text shorter than this (normalised characters) is matched only by its exact hash, against the same field. */
export const SHORT_TEXT = 12;
/** Share of the saved text's 3-grams found in a writer's text from which the saved text counts as that text edited. */
export const SAVED_COVERED = 0.5;
/** Share of a writer's text's 3-grams found in the saved text from which the writer's text counts as pasted into it. */
export const OUTPUT_COVERED = 0.6;

export function normalise(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/[\s\p{P}\p{S}]+/gu, '');
}

export const textHash = (normalised: string): string => createHash('sha256').update(normalised).digest('hex');

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The distinct 3-gram hashes of a normalised text (a shorter text is one shingle). */
export function shingles(normalised: string): number[] {
  const chars = [...normalised];
  if (chars.length === 0) return [];
  if (chars.length < SHINGLE) return [fnv1a(normalised)];
  const out = new Set<number>();
  for (let i = 0; i + SHINGLE <= chars.length; i++) out.add(fnv1a(chars.slice(i, i + SHINGLE).join('')));
  return [...out];
}

/** The fingerprint kept for a writer's text. */
export function fingerprint(text: string): { hash: string; length: number; shingles: number[] } {
  const n = normalise(text);
  return { hash: textHash(n), length: [...n].length, shingles: shingles(n) };
}

/**
 * How much of `saved` comes from `output` (share of the saved text's 3-grams found in the output) and how much of
 * `output` is in `saved`; both 0–1.
 */
export function overlap(saved: readonly number[], output: ReadonlySet<number> | readonly number[]): { savedCovered: number; outputCovered: number } {
  const out = output instanceof Set ? output : new Set(output as readonly number[]);
  if (!saved.length || !out.size) return { savedCovered: 0, outputCovered: 0 };
  let common = 0;
  for (const s of saved) if (out.has(s)) common++;
  return { savedCovered: common / saved.length, outputCovered: common / out.size };
}

/** True when `saved` is the writer's text, or an edit of it, or contains most of it. */
export const isDerived = (o: { savedCovered: number; outputCovered: number }): boolean => o.savedCovered >= SAVED_COVERED || o.outputCovered >= OUTPUT_COVERED;
