import * as z from 'zod';
import { PROJECT_LIMITS } from './projects';

/**
 * The filing assistant (申报助手): what to type into the CPCC online form, which files to upload, how to sign the
 * 签章页 and what to do after submitting. Built by the engine from the generated materials (docgen
 * `buildFilingGuide`), stored with them, shown by the web app and printed as 申报指南.pdf in the zip.
 */

/**
 * Limits of the online form's fields as reported for the 2026 form (cpcc-materials.md, "Field limits reported for the
 * 2026 form" and the R11 table), by the field's label. `warnAbove`: some sources say 1000 for 主要功能, so above it
 * the guide warns. Fields not listed have no limit in those sources.
 */
export const FILING_FIELD_LIMITS: Record<string, { min?: number; max: number; warnAbove?: number; unit: '字' | '个' }> = {
  开发的硬件环境: { max: PROJECT_LIMITS.environmentMax, unit: '字' },
  运行的硬件环境: { max: PROJECT_LIMITS.environmentMax, unit: '字' },
  开发该软件的操作系统: { max: PROJECT_LIMITS.environmentMax, unit: '字' },
  '软件开发环境/开发工具': { max: PROJECT_LIMITS.environmentMax, unit: '字' },
  '该软件的运行平台/操作系统': { max: PROJECT_LIMITS.environmentMax, unit: '字' },
  '软件运行支撑环境/支持软件': { max: PROJECT_LIMITS.environmentMax, unit: '字' },
  编程语言: { max: PROJECT_LIMITS.languagesMax, unit: '字' },
  开发目的: { max: PROJECT_LIMITS.environmentMax, unit: '字' },
  '面向领域/行业': { max: PROJECT_LIMITS.environmentMax, unit: '字' },
  软件的主要功能: { min: PROJECT_LIMITS.mainFunctionsMin, max: PROJECT_LIMITS.mainFunctionsMax, warnAbove: 1000, unit: '字' },
  技术特点标签: { max: PROJECT_LIMITS.techTagsMax, unit: '个' },
  软件的技术特点: { max: PROJECT_LIMITS.techFeaturesMax, unit: '字' },
};

/** A field's length as the form counts it: characters of the trimmed text (tags: how many). */
export function filingCount(label: string, value: string): number {
  if (FILING_FIELD_LIMITS[label]?.unit === '个') return value.split(/[、,，]/).filter((s) => s.trim()).length;
  return value.trim().length;
}

/** "523/1300 字", "12/50 字（至少 500）" — the count against the field's limit, or '' when it has none. */
export function filingCountText(label: string, value: string): string {
  const l = FILING_FIELD_LIMITS[label];
  if (!l) return '';
  return `${filingCount(label, value)}/${l.max} ${l.unit}${l.min ? `（至少 ${l.min}）` : ''}`;
}

/** 'ok' within the limits, 'warn' above `warnAbove`, 'over' outside them. */
export function filingCountState(label: string, value: string): 'ok' | 'warn' | 'over' | 'none' {
  const l = FILING_FIELD_LIMITS[label];
  if (!l) return 'none';
  const n = filingCount(label, value);
  if (n > l.max || (l.min !== undefined && n < l.min)) return 'over';
  return l.warnAbove !== undefined && n > l.warnAbove ? 'warn' : 'ok';
}

export const ZFilingField = z.object({
  label: z.string(),
  value: z.string(),
  /** A short remark (how to choose it in the portal, where the value comes from). */
  note: z.string().optional(),
});
export type FilingField = z.infer<typeof ZFilingField>;

export const ZFilingUpload = z.object({
  /** The portal's upload item (程序鉴别材料, 文档鉴别材料, 申请确认签章页…). */
  slot: z.string(),
  /** The file of the zip to upload there, or null when the user makes it (the signed 签章页). */
  file: z.string().nullable(),
  /** Bytes. */
  size: z.number().int().optional(),
  pages: z.number().int().optional(),
  note: z.string(),
});
export type FilingUpload = z.infer<typeof ZFilingUpload>;

export const ZFilingGuide = z.object({
  name: z.string(),
  version: z.string(),
  /** Every field of the online form in the portal's order, with the value of the generated 申请表. */
  fields: z.array(ZFilingField),
  uploads: z.array(ZFilingUpload),
  signing: z.object({
    /** What to print and how to hand it in, in order. */
    steps: z.array(z.string()),
    /** Who signs or seals, per owner. */
    signers: z.array(z.object({ owner: z.string(), category: z.string(), how: z.string() })),
    /** The pledge passage to copy by hand, as public reports give it, and where it comes from. */
    pledge: z.object({ passage: z.string(), source: z.string(), note: z.string() }),
    /** Dates to write and their order. */
    dates: z.array(z.string()),
  }),
  /** After submitting: 流水号, notices, the 30-day answer. */
  after: z.array(z.string()),
  /** Where the rules come from. */
  sources: z.array(z.string()),
});
export type FilingGuide = z.infer<typeof ZFilingGuide>;
