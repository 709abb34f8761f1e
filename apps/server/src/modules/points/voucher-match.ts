import sharp from 'sharp';
import { TOP_UP_STATE_LABELS, VOUCHER_LIMITS, type TopUpState, type VoucherDuplicate } from '@mazhu/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';

/** A difference hash with fewer set (or clear) bits than this describes a plain picture and is not compared. */
const MIN_SET_BITS = 8;

/**
 * Difference hash of an image (dHash): the picture in grey at 9×8 pixels, one bit per horizontally adjacent pair
 * (left brighter than right), 64 bits as 16 hex digits. Re-encoding, scaling or a little compression change few
 * bits, so the same transfer screenshot saved again is found by a small Hamming distance. Null when the bytes are
 * not a readable image, or when the picture has too little structure to tell apart (a plain or almost plain image
 * gives nearly all zero bits, like every other plain image: MIN_SET_BITS).
 */
export async function imageDifferenceHash(image: Buffer): Promise<string | null> {
  try {
    const px = await sharp(image, { limitInputPixels: 60_000_000 }).flatten({ background: '#ffffff' }).grayscale().resize(9, 8, { fit: 'fill' }).raw().toBuffer();
    let bits = 0n;
    for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) bits = (bits << 1n) | (px[y * 9 + x]! > px[y * 9 + x + 1]! ? 1n : 0n);
    const set = bits.toString(2).replaceAll('0', '').length;
    return set < MIN_SET_BITS || set > 64 - MIN_SET_BITS ? null : bits.toString(16).padStart(16, '0');
  } catch {
    return null;
  }
}

/** Number of differing bits of two 16-hex-digit hashes. */
export function hammingDistance(a: string, b: string): number {
  let x = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let n = 0;
  while (x) {
    n += Number(x & 1n);
    x >>= 1n;
  }
  return n;
}

interface Fingerprint {
  id: number;
  voucher_sha256: string | null;
  voucher_phash: string | null;
}

/**
 * For each order with a voucher, the other orders — of any user, in any state — whose voucher is the same file
 * (equal SHA-256) or a similar image (difference hashes within VOUCHER_LIMITS.similarImageBits). Map order id → its
 * duplicates, oldest first; orders without any are absent.
 */
export async function findVoucherDuplicates(db: Kysely<Database> | Transaction<Database>, orders: Fingerprint[]): Promise<Map<number, VoucherDuplicate[]>> {
  const out = new Map<number, VoucherDuplicate[]>();
  const withVoucher = orders.filter((o) => o.voucher_sha256);
  if (withVoucher.length === 0) return out;
  const shas = [...new Set(withVoucher.map((o) => o.voucher_sha256!))];
  const columns = ['id', 'order_no', 'user_id', 'state', 'voucher_sha256', 'voucher_phash'] as const;
  const sameFile = await db.selectFrom('top_up_orders').select(columns).where('voucher_sha256', 'in', shas).orderBy('id').execute();
  const hashed = withVoucher.some((o) => o.voucher_phash)
    ? await db.selectFrom('top_up_orders').select(columns).where('voucher_phash', 'is not', null).orderBy('id').execute()
    : [];
  for (const o of withVoucher) {
    const found = new Map<number, VoucherDuplicate>();
    const add = (r: (typeof sameFile)[number], match: VoucherDuplicate['match']) => {
      if (r.id === o.id || found.has(r.id)) return;
      found.set(r.id, { id: r.id, orderNo: r.order_no, userId: r.user_id, state: r.state as TopUpState, stateLabel: TOP_UP_STATE_LABELS[r.state as TopUpState], match });
    };
    for (const r of sameFile) if (r.voucher_sha256 === o.voucher_sha256) add(r, 'same_file');
    if (o.voucher_phash) for (const r of hashed) if (r.voucher_phash && hammingDistance(r.voucher_phash, o.voucher_phash) <= VOUCHER_LIMITS.similarImageBits) add(r, 'similar_image');
    if (found.size) out.set(o.id, [...found.values()].sort((a, b) => a.id - b.id));
  }
  return out;
}
