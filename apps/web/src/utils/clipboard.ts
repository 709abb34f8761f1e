/**
 * Copies text: the async Clipboard API first, then the legacy execCommand fallback.
 * 'manual' means the browser refused both, so the user has to copy by hand.
 */
export type CopyOutcome = 'ok' | 'manual' | 'failed';

export async function copyText(text: string): Promise<CopyOutcome> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return 'ok';
    }
  } catch {
    // Permission denied or insecure context: try the fallback below.
  }
  try {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const done = document.execCommand('copy');
    area.remove();
    return done ? 'ok' : 'manual';
  } catch {
    return 'failed';
  }
}
