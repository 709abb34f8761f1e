import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createScreenReader } from './ocr';

/**
 * A Chromium capture (1366×768) of a page laid out as many admin UIs are: the name and version in white on a blue
 * title bar, a side menu and a mostly empty page below.
 */
const TITLE_BAR_SHOT = path.resolve(import.meta.dirname, '../../../test/fixtures/title-bar-screenshot.png');

describe('screenshot OCR', () => {
  const reader = createScreenReader();
  afterAll(() => reader.close());

  it('reads the name and version in light text on a coloured title bar', async () => {
    const text = (await reader.read(fs.readFileSync(TITLE_BAR_SHOT))).join('\n');
    expect(text).toContain('著作权人登记管理系统');
    expect(text).toMatch(/V1\.0/);
  }, 60_000);
});
