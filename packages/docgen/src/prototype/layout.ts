import type { Platform, PrototypeApp, ScreenSpec } from './model';
import { PLATFORMS } from './model';
import { mix, resolveTheme } from './themes';

/** A satori element (the React element shape without React). */
export interface El {
  type: string;
  props: { style?: Record<string, unknown>; children?: Child | Child[]; [k: string]: unknown };
}
type Child = El | string | null | undefined | false;

type Th = ReturnType<typeof resolveTheme>;

/**
 * Builds the element tree of one screen and records every string it draws (the text record the
 * screenshot checks read). Pure and deterministic: the same app and screen give the same tree.
 */
export class ScreenBuilder {
  readonly texts: string[] = [];
  readonly th: Th;
  readonly width: number;
  readonly height: number;
  /** The screen, its page texts as a list (none when the description has none). */
  readonly screen: ScreenSpec & { texts: string[] };
  constructor(
    readonly app: PrototypeApp,
    screen: ScreenSpec,
  ) {
    this.screen = { ...screen, texts: screen.texts ?? [] };
    this.th = resolveTheme(app.theme, app.color);
    const size = isDiagram(screen) ? { width: 1440, height: 900 } : PLATFORMS[app.platform];
    this.width = size.width;
    this.height = size.height;
  }

  /** A text node, recorded. */
  t(s: string): string {
    if (s) this.texts.push(s);
    return s;
  }

  /** The software's identity as shown in title bars: full name (or short name) and version. */
  get identity(): string {
    return `${this.app.name} ${this.app.version}`;
  }

  build(): El {
    const s = this.screen;
    if (s.kind === 'architecture' || s.kind === 'module-diagram') return diagram(this);
    return FRAMES[this.app.platform](this);
  }
}

const isDiagram = (s: ScreenSpec) => s.kind === 'architecture' || s.kind === 'module-diagram';

/** `h('div', style, children)`: an element; every div is a flex box (satori aligns text only in one). */
export function h(type: string, style: Record<string, unknown>, children?: Child | Child[], extra: Record<string, unknown> = {}): El {
  const kids = Array.isArray(children) ? children.filter((c): c is El | string => Boolean(c)) : children || undefined;
  const st = type === 'div' && !style.display ? { display: 'flex', ...style } : style;
  return { type, props: { ...extra, style: st, children: kids } };
}
const row = (style: Record<string, unknown>, children: Child[]) => h('div', { display: 'flex', flexDirection: 'row', alignItems: 'center', ...style }, children);
const col = (style: Record<string, unknown>, children: Child[]) => h('div', { display: 'flex', flexDirection: 'column', ...style }, children);
const txt = (b: ScreenBuilder, s: string, style: Record<string, unknown> = {}) => h('div', { display: 'flex', ...style }, b.t(s));
const ellipsis = { whiteSpace: 'nowrap' };

/** Estimated drawn width in px of `s` at font size `fs` (CJK 1 em, Latin about 0.56 em). */
export function textWidth(s: string, fs: number): number {
  let w = 0;
  for (const ch of s) w += /[\u2e80-\uffef]/.test(ch) ? fs : fs * 0.56;
  return w;
}
/** `s` cut with an ellipsis to fit `px` at font size `fs` (clipping by the renderer would be slow and cut glyphs). */
export function fit(s: string, px: number, fs: number): string {
  if (textWidth(s, fs) <= px) return s;
  const chars = [...s];
  while (chars.length > 1 && textWidth(chars.join('') + '…', fs) > px) chars.pop();
  return chars.join('') + '…';
}

/* ------------------------------------------------------------------ shared widgets */

/**
 * The app's mark: a shape, not a character — a letter in a box next to the name is read by OCR as part of the name
 * (a boxed 码 becomes 国), and the name must read back exactly as on the form.
 */
function logo(b: ScreenBuilder, size: number): El {
  const dot = Math.round(size * 0.36);
  return h('div', { width: size, height: size, borderRadius: Math.max(4, b.th.radius), background: b.th.primary, alignItems: 'center', justifyContent: 'center' }, [
    h('div', { width: dot, height: dot, borderRadius: dot, background: '#ffffff' }),
  ]);
}

function button(b: ScreenBuilder, label: string, primary: boolean, opts: { block?: boolean; height?: number; fontSize?: number; danger?: boolean } = {}): El {
  const th = b.th;
  const color = opts.danger ? '#e5484d' : th.primary;
  return h(
    'div',
    {
      height: opts.height ?? 32,
      padding: '0 16px',
      borderRadius: th.radius,
      alignItems: 'center',
      justifyContent: 'center',
      fontSize: opts.fontSize ?? 14,
      background: primary ? color : th.cardBg,
      color: primary ? '#ffffff' : opts.danger ? color : th.text,
      border: `1px solid ${primary ? color : th.border}`,
      ...(opts.block ? { flexGrow: 1 } : {}),
    },
    b.t(label),
  );
}

function input(b: ScreenBuilder, value: string, type: string, opts: { width?: number | string; height?: number; placeholder?: string; fontSize?: number; maxPx?: number } = {}): El {
  const th = b.th;
  const shown = fit(value || opts.placeholder || '', opts.maxPx ?? 220, opts.fontSize ?? 14);
  const placeholder = !value;
  if (type === 'switch') {
    const on = !/^(关|否|停用|关闭|off)$/i.test(value);
    return h('div', { width: 40, height: 22, borderRadius: 11, background: on ? th.primary : th.border, padding: 2, justifyContent: on ? 'flex-end' : 'flex-start' }, [
      h('div', { width: 18, height: 18, borderRadius: 9, background: '#ffffff' }),
    ]);
  }
  const height = type === 'textarea' ? (opts.height ?? 32) * 2.2 : (opts.height ?? 32);
  return row(
    {
      ...(opts.width ? { width: opts.width } : { flexGrow: 1 }),
      height,
      padding: '0 10px',
      borderRadius: th.radius,
      border: `1px solid ${th.border}`,
      background: th.inputBg,
      justifyContent: 'space-between',
      alignItems: type === 'textarea' ? 'flex-start' : 'center',
      paddingTop: type === 'textarea' ? 6 : 0,
      fontSize: opts.fontSize ?? 14,
    },
    [
      h('div', { display: 'flex', color: placeholder ? th.textSecondary : th.text, ...ellipsis }, shown ? b.t(shown) : ''),
      type === 'select' ? chevron(th.textSecondary) : type === 'date' ? h('div', { width: 12, height: 12, border: `1px solid ${th.textSecondary}`, borderRadius: 2 }) : null,
    ],
  );
}

function chevron(color: string): El {
  return h('svg', { width: 12, height: 12 }, [h('polyline', {}, undefined, { points: '2,4 6,8 10,4', fill: 'none', stroke: color, 'stroke-width': 1.5 })], { width: 12, height: 12, viewBox: '0 0 12 12' });
}

function card(b: ScreenBuilder, children: Child[], style: Record<string, unknown> = {}): El {
  const th = b.th;
  return col({ background: th.cardBg, borderRadius: th.radius, border: `1px solid ${th.border}`, padding: 20, ...style }, children);
}

function tag(b: ScreenBuilder, label: string, fontSize = 12): El {
  const th = b.th;
  const good = /(已|完成|正常|通过|启用|在线|成功|合格)/.test(label);
  const bad = /(未|待|异常|告警|超限|驳回|停用|离线|失败)/.test(label);
  const c = good ? '#1f9d55' : bad ? '#d97706' : th.primary;
  return h('div', { padding: '1px 8px', borderRadius: 4, fontSize, color: c, background: th.dark ? mix(c, '#000000', 0.7) : mix(c, '#ffffff', 0.88), border: `1px solid ${mix(c, th.dark ? '#000000' : '#ffffff', 0.6)}` }, b.t(label));
}

function table(b: ScreenBuilder, columns: string[], rows: string[][], opts: { fontSize?: number; rowHeight?: number; width: number }): El {
  const th = b.th;
  const fs = opts.fontSize ?? 14;
  const rh = opts.rowHeight ?? 44;
  const weights = columns.map((c) => (/(操作)/.test(c) ? 1.4 : /(名称|标题|地址|说明|内容|备注|时间)/.test(c) ? 1.5 : 1));
  const sum = weights.reduce((a, x) => a + x, 0) || 1;
  const px = weights.map((w) => Math.floor(((opts.width - 2) * w) / sum));
  // satori sizes boxes as content-box: a cell's width excludes its 12 px side paddings.
  const cell = (s: string, i: number, head: boolean) => {
    const isOp = columns[i] === '操作';
    const isStatus = /(状态|结果)$/.test(columns[i]);
    const room = px[i] - 24;
    const content = head
      ? b.t(fit(s, room, fs))
      : isOp
        ? row({ gap: 12 }, s.split(/\s+/).filter(Boolean).map((op) => h('div', { color: /删除|作废/.test(op) ? '#e5484d' : th.primary }, b.t(op))))
        : isStatus && s
          ? tag(b, fit(s, room - 16, fs - 2), fs - 2)
          : s
            ? b.t(fit(s, room, fs))
            : '';
    return h('div', { display: 'flex', width: px[i] - 24, flexShrink: 0, padding: '0 12px', alignItems: 'center', whiteSpace: 'nowrap' }, content);
  };
  return col({ border: `1px solid ${th.border}`, borderRadius: th.radius, fontSize: fs, width: opts.width - 2 }, [
    row({ height: rh, background: th.dark ? mix(th.cardBg, '#ffffff', 0.05) : mix(th.pageBg, th.cardBg, 0.3), color: th.textSecondary, fontWeight: 700, borderRadius: `${th.radius}px ${th.radius}px 0 0` }, columns.map((c, i) => cell(c, i, true))),
    ...rows.map((r, ri) => row({ height: rh, borderTop: `1px solid ${th.border}`, color: th.text, background: ri % 2 && !th.dark ? mix(th.cardBg, th.pageBg, 0.35) : th.cardBg, ...(ri === rows.length - 1 ? { borderRadius: `0 0 ${th.radius}px ${th.radius}px` } : {}) }, columns.map((_, i) => cell(r[i] ?? '', i, false)))),
  ]);
}

/** The pager under a table: the rows shown are all there are (no made-up total); nothing under an empty table. */
function pagination(b: ScreenBuilder, total: number): El | null {
  const th = b.th;
  if (!total) return null;
  const box = (s: string, active = false) => h('div', { minWidth: 28, height: 28, borderRadius: th.radius, border: `1px solid ${active ? th.primary : th.border}`, color: active ? th.primary : th.text, alignItems: 'center', justifyContent: 'center', fontSize: 13, padding: '0 6px' }, b.t(s));
  return row({ justifyContent: 'flex-end', gap: 8, marginTop: 16, color: th.textSecondary, fontSize: 13 }, [h('div', {}, b.t(`共 ${total} 条`)), box('‹'), box('1', true), box('›')]);
}

function statCards(b: ScreenBuilder, stats: ScreenSpec['stats'], compact = false): El {
  const th = b.th;
  return row(
    { gap: compact ? 10 : 16, flexWrap: compact ? 'wrap' : 'nowrap' },
    stats.map((s, i) =>
      col({ flexGrow: 1, flexBasis: 0, minWidth: compact ? 150 : 0, background: th.cardBg, border: `1px solid ${th.border}`, borderRadius: th.radius, padding: compact ? 12 : 20, gap: 6 }, [
        row({ gap: 8 }, [h('div', { width: 8, height: 8, borderRadius: 4, background: i === 0 ? th.primary : mix(th.primary, th.dark ? '#000000' : '#ffffff', 0.25 * i) }), txt(b, s.label, { color: th.textSecondary, fontSize: compact ? 12 : 14 })]),
        txt(b, s.value, { fontSize: compact ? 22 : 28, fontWeight: 700, color: th.text }),
      ]),
    ),
  );
}

/** The time axis a chart's labels form: 按月 ("3月"), 按日 ("3/14"), or undefined for labels that name measures. */
function chartAxis(labels: string[]): string | undefined {
  if (labels.length && labels.every((l) => /^\d{1,2}月$/.test(l))) return '按月';
  if (labels.length && labels.every((l) => /^\d{1,2}\/\d{1,2}$/.test(l))) return '按日';
  return undefined;
}

function barChart(b: ScreenBuilder, chart: NonNullable<ScreenSpec['chart']>, height: number, title?: string): El {
  const th = b.th;
  const max = Math.max(1, ...chart.values);
  const axis = [max, Math.round(max / 2), 0];
  return col({ flexGrow: 1, gap: 12 }, [
    title ? txt(b, title, { fontSize: 15, fontWeight: 700, color: th.text }) : null,
    row({ alignItems: 'stretch', height, gap: 8 }, [
      col({ justifyContent: 'space-between', fontSize: 11, color: th.textSecondary, paddingBottom: 20, alignItems: 'flex-end', width: 40 }, axis.map((v) => h('div', {}, b.t(String(v))))),
      row(
        { flexGrow: 1, alignItems: 'flex-end', justifyContent: 'space-around', borderBottom: `1px solid ${th.border}`, borderLeft: `1px solid ${th.border}`, height: height - 20, position: 'relative' },
        chart.values.map((v, i) =>
          col({ alignItems: 'center', justifyContent: 'flex-end', height: '100%', position: 'relative' }, [
            h('div', { width: 22, height: Math.max(2, Math.round(((height - 44) * v) / max)), background: i === chart.values.length - 1 ? th.primary : mix(th.primary, th.dark ? '#000000' : '#ffffff', 0.35), borderRadius: '3px 3px 0 0' }),
          ]),
        ),
      ),
    ]),
    row({ paddingLeft: 48, justifyContent: 'space-around', fontSize: 11, color: th.textSecondary, marginTop: -8 }, chart.labels.map((l) => h('div', {}, b.t(l)))),
  ]);
}

function lineChart(b: ScreenBuilder, chart: NonNullable<ScreenSpec['chart']>, width: number, height: number, title: string): El {
  const th = b.th;
  const max = Math.max(1, ...chart.values);
  const n = Math.max(2, chart.values.length);
  const pts = chart.values.map((v, i) => `${Math.round((i * (width - 20)) / (n - 1)) + 10},${Math.round(height - 10 - ((height - 30) * v) / max)}`).join(' ');
  const svg = h(
    'svg',
    { width, height },
    [
      h('polyline', {}, undefined, { points: pts, fill: 'none', stroke: th.primary, 'stroke-width': 3 }),
      ...chart.values.map((v, i) => h('circle', {}, undefined, { cx: Math.round((i * (width - 20)) / (n - 1)) + 10, cy: Math.round(height - 10 - ((height - 30) * v) / max), r: 4, fill: th.cardBg, stroke: th.primary, 'stroke-width': 2 })),
    ],
    { width, height, viewBox: `0 0 ${width} ${height}` },
  );
  return col({ gap: 8 }, [
    txt(b, title, { fontSize: 15, fontWeight: 700, color: th.text }),
    h('div', { borderBottom: `1px solid ${th.border}`, display: 'flex' }, svg),
    row({ justifyContent: 'space-between', fontSize: 11, color: th.textSecondary }, chart.labels.map((l) => h('div', {}, b.t(l)))),
  ]);
}

function formGrid(b: ScreenBuilder, fields: ScreenSpec['fields'], columns: number, opts: { labelWidth?: number; fontSize?: number; inputHeight?: number; maxPx?: number } = {}): El {
  const th = b.th;
  const fs = opts.fontSize ?? 14;
  const labelWidth = opts.labelWidth ?? Math.min(170, Math.max(80, Math.ceil(Math.max(0, ...fields.map((f) => textWidth(`${f.label}：`, fs))) + 14)));
  return row(
    { flexWrap: 'wrap', alignItems: 'flex-start', rowGap: 18 },
    fields.map((f) =>
      row({ width: f.type === 'textarea' ? '100%' : `${100 / columns}%`, alignItems: f.type === 'textarea' ? 'flex-start' : 'center' }, [
        h('div', { width: labelWidth - 12, flexShrink: 0, justifyContent: 'flex-end', paddingRight: 12, color: th.text, fontSize: fs, paddingTop: f.type === 'textarea' ? 6 : 0 }, b.t(`${f.label}：`)),
        h('div', { display: 'flex', flexGrow: 1, marginRight: 28 }, input(b, f.value, f.type, { fontSize: fs, height: opts.inputHeight, maxPx: f.type === 'textarea' ? (opts.maxPx ?? 220) * 2 : opts.maxPx })),
      ]),
    ),
  );
}

function descriptions(b: ScreenBuilder, fields: ScreenSpec['fields'], columns: number, width: number): El {
  const maxPx = width / columns - 120 - 30;
  const th = b.th;
  return row(
    { flexWrap: 'wrap', border: `1px solid ${th.border}`, borderRadius: th.radius },
    fields.map((f) =>
      row({ width: `${100 / columns}%`, borderBottom: `1px solid ${th.border}`, fontSize: 14, alignItems: 'stretch' }, [
        h('div', { width: 120, flexShrink: 0, padding: '12px 14px', background: th.dark ? mix(th.cardBg, '#ffffff', 0.05) : mix(th.pageBg, th.cardBg, 0.3), color: th.textSecondary }, b.t(f.label)),
        h('div', { flexGrow: 1, padding: '12px 14px', color: th.text, ...ellipsis }, f.value ? b.t(fit(f.value, maxPx, 14)) : '—'),
      ]),
    ),
  );
}

function buttonsRow(b: ScreenBuilder, labels: string[], opts: { justify?: string; gap?: number } = {}): El {
  return row({ gap: opts.gap ?? 10, justifyContent: opts.justify ?? 'flex-start' }, labels.map((l, i) => button(b, l, i === 0, { danger: /删除/.test(l) && i > 0 })));
}

/** The page's own texts, one line each (headings and paragraphs as the code writes them). */
function textLines(b: ScreenBuilder, texts: string[], opts: { fontSize?: number; maxPx: number }): El | null {
  const fs = opts.fontSize ?? 14;
  if (!texts.length) return null;
  return col({ gap: 8, marginBottom: 12 }, texts.map((t, i) => txt(b, fit(t, opts.maxPx, i === 0 ? fs + 2 : fs), { fontSize: i === 0 ? fs + 2 : fs, fontWeight: i === 0 ? 700 : 400, color: i === 0 ? b.th.text : b.th.textSecondary, ...ellipsis })));
}

/* ------------------------------------------------------------------ page bodies (web / desktop) */

/** The content of a non-login screen on a wide canvas (web admin, web site, desktop). */
function wideContent(b: ScreenBuilder, width: number): El {
  return col({ width, flexShrink: 0, flexGrow: 1 }, [wideBody(b, width)]);
}

function wideBody(b: ScreenBuilder, width: number): El {
  const s = b.screen;
  const th = b.th;
  switch (s.kind) {
    case 'main': {
      // What the home page shows, as the code writes it; nothing when the code's home page is not known.
      const has = s.texts.length || s.fields.length || s.buttons.length || s.columns.length || s.tabs?.length;
      if (!has && !s.stats.length) return col({ flexGrow: 1 }, []);
      return col({ gap: 16, flexGrow: 1 }, [
        s.stats.length ? statCards(b, s.stats) : null,
        s.chart ? card(b, [barChart(b, s.chart, 230)]) : null,
        has
          ? card(b, [
              tabStrip(b, s.tabs ?? []),
              textLines(b, s.texts, { maxPx: width - 42 }),
              s.fields.length ? formGrid(b, s.fields, 3, { maxPx: (width - 42) / 3 - 96 - 28 - 24 }) : null,
              s.buttons.length ? row({ marginTop: 12, marginBottom: 12 }, [buttonsRow(b, s.buttons)]) : null,
              s.columns.length ? table(b, s.columns, s.rows.slice(0, 4), { rowHeight: 38, fontSize: 13, width: width - 42 }) : null,
            ])
          : null,
      ]);
    }
    case 'list': {
      const filters = s.fields.slice(0, 3);
      // The search form's own buttons beside it; the page's other buttons above the table.
      const searchButtons = s.buttons.filter((x) => SEARCH_BUTTON.test(x));
      return card(b, [
        tabStrip(b, s.tabs ?? []),
        filters.length
          ? row({ gap: 16, marginBottom: 16 }, [
              ...filters.map((f) => row({ gap: 8, flexGrow: 1, flexBasis: 0 }, [h('div', { fontSize: 14, color: th.text, flexShrink: 0 }, b.t(`${f.label}：`)), input(b, f.value, f.type, { placeholder: f.type === 'select' ? '请选择' : '请输入' })])),
              ...(searchButtons.length ? [row({ gap: 8 }, searchButtons.slice(0, 2).map((x, i) => button(b, x, i === 0)))] : []),
            ])
          : null,
        row({ justifyContent: 'space-between', marginBottom: 12 }, [txt(b, s.title + '列表', { fontSize: 16, fontWeight: 700 }), buttonsRow(b, s.buttons.filter((x) => !SEARCH_BUTTON.test(x)))]),
        s.texts.length ? row({ gap: 16, marginBottom: 10, fontSize: 13, color: th.textSecondary }, s.texts.slice(0, 3).map((t) => h('div', { ...ellipsis }, b.t(fit(t, (width - 42) / 3 - 16, 13))))) : null,
        table(b, s.columns, s.rows, { rowHeight: s.rows.length > 8 ? 40 : 44, width: width - 42 }),
        pagination(b, s.rows.length),
      ], { flexGrow: 1 });
    }
    case 'form':
      return card(b, [
        txt(b, s.title, { fontSize: 16, fontWeight: 700, marginBottom: 20 }),
        tabStrip(b, s.tabs ?? []),
        textLines(b, s.texts, { maxPx: width - 42 }),
        s.fields.length ? formGrid(b, s.fields, 2, { maxPx: (width - 42) / 2 - 96 - 28 - 24 }) : null,
        s.fields.length && s.buttons.length ? h('div', { height: 1, background: th.border, margin: '24px 0 16px' }) : null,
        buttonsRow(b, s.buttons, { justify: s.fields.length ? 'center' : 'flex-start', gap: 16 }),
      ], { flexGrow: 1 });
    case 'detail': {
      const steps = s.rows.slice(0, 5);
      return col({ gap: 16, flexGrow: 1 }, [
        card(b, [row({ justifyContent: 'space-between', marginBottom: 16 }, [txt(b, s.title + '详情', { fontSize: 16, fontWeight: 700 }), buttonsRow(b, s.buttons)]), descriptions(b, s.fields, 2, width - 42)]),
        steps.length
          ? card(b, [
              txt(b, s.columns[0] || '处理记录', { fontSize: 15, fontWeight: 700, marginBottom: 14 }),
              ...steps.map((r, i) =>
                row({ gap: 12, alignItems: 'flex-start', minHeight: 40 }, [
                  h('div', { width: 12, height: 12, marginTop: 4, borderRadius: 6, border: `3px solid ${i === 0 ? th.primary : th.border}` }),
                  col({ gap: 2, flexGrow: 1 }, [txt(b, r[0] ?? '', { fontSize: 14, color: th.text }), txt(b, r.slice(1).filter(Boolean).join('  '), { fontSize: 12, color: th.textSecondary })]),
                ]),
              ),
            ])
          : null,
      ]);
    }
    case 'chart': {
      const chart = s.chart ?? { labels: [], values: [] };
      const over = chartAxis(chart.labels);
      return col({ gap: 16, flexGrow: 1 }, [
        s.fields.length || s.buttons.length
          ? card(b, [row({ gap: 16, justifyContent: 'flex-end' }, [...s.fields.slice(0, 3).map((f) => row({ gap: 8, flexGrow: 1, flexBasis: 0 }, [h('div', { fontSize: 14, flexShrink: 0 }, b.t(`${f.label}：`)), input(b, f.value, f.type)])), buttonsRow(b, s.buttons)])], { padding: 14 })
          : null,
        s.stats.length ? statCards(b, s.stats) : null,
        row({ gap: 16, alignItems: 'stretch' }, [
          card(b, [barChart(b, chart, 220, `${s.title}${over ? `（${over}）` : ''}`)], { flexGrow: 1, flexBasis: 0 }),
          // A trend line only over time; values across named measures have none.
          over ? card(b, [lineChart(b, chart, Math.floor((width - 16) / 2 - 42), 200, '变化趋势')], { flexGrow: 1, flexBasis: 0 }) : null,
        ]),
        s.columns.length ? card(b, [table(b, s.columns, s.rows.slice(0, 3), { rowHeight: 36, fontSize: 13, width: width - 30 })], { padding: 14 }) : null,
      ]);
    }
    case 'settings':
      return card(b, [
        txt(b, s.title, { fontSize: 16, fontWeight: 700, marginBottom: 8 }),
        ...s.fields.map((f) =>
          row({ justifyContent: 'space-between', padding: '14px 0', borderBottom: `1px solid ${th.border}` }, [
            col({ gap: 2 }, [txt(b, f.label, { fontSize: 14, color: th.text })]),
            h('div', { display: 'flex', width: f.type === 'switch' ? 'auto' : 360 }, input(b, f.value, f.type)),
          ]),
        ),
        row({ marginTop: 20 }, [buttonsRow(b, s.buttons)]),
      ], { flexGrow: 1 });
    default:
      return card(b, [txt(b, s.title)]);
  }
}

function loginWide(b: ScreenBuilder, w: number, h0: number): El {
  const s = b.screen;
  const th = b.th;
  const fields = s.fields;
  return row({ width: w, height: h0, alignItems: 'stretch', background: th.pageBg }, [
    col({ width: Math.round(w * 0.46) - 128, background: th.primary, color: '#ffffff', padding: 64, justifyContent: 'space-between' }, [
      row({ gap: 14 }, [h('div', { width: 44, height: 44, borderRadius: 10, background: '#ffffff', color: th.primary, fontSize: 24, fontWeight: 700, alignItems: 'center', justifyContent: 'center' }, b.t([...(b.app.shortName || b.app.name)][0])), txt(b, b.app.shortName || b.app.name, { fontSize: 20, fontWeight: 700 })]),
      col({ gap: 18 }, [
        txt(b, b.app.name, { fontSize: b.app.name.length > 14 ? 30 : 38, fontWeight: 700, lineHeight: 1.3 }),
        txt(b, `版本 ${b.app.version}`, { fontSize: 18, opacity: 0.9 }),
        col({ gap: 10, marginTop: 16 }, b.app.menu.slice(0, 4).map((m) => row({ gap: 10, fontSize: 16, opacity: 0.92 }, [h('div', { width: 8, height: 8, borderRadius: 4, background: '#ffffff' }), h('div', {}, b.t(m))]))),
      ]),
      txt(b, `${b.app.name} ${b.app.version}`, { fontSize: 13, opacity: 0.75 }),
    ]),
    col({ flexGrow: 1, alignItems: 'center', justifyContent: 'center' }, [
      col({ width: 400, background: th.cardBg, borderRadius: th.radius * 1.5, border: `1px solid ${th.border}`, padding: 40, gap: 20 }, [
        txt(b, s.title, { fontSize: 24, fontWeight: 700, color: th.text }),
        ...s.texts.map((t) => txt(b, fit(t, 320, 13), { fontSize: 13, color: th.textSecondary })),
        ...fields.map((f) => col({ gap: 8 }, [txt(b, f.label, { fontSize: 14, color: th.text }), input(b, f.type === 'text' && /密码/.test(f.label) ? '••••••••' : f.value, f.type, { height: 40, placeholder: `请输入${f.label}` })])),
        // Only the buttons and texts of the code's login page (no 记住账号 or 忘记密码 it does not have).
        s.buttons[0] ? row({}, [button(b, s.buttons[0], true, { block: true, height: 42, fontSize: 16 })]) : null,
        ...(s.buttons.slice(1).length ? [row({ justifyContent: 'center', gap: 16, fontSize: 13 }, s.buttons.slice(1).map((x) => h('div', { color: th.primary }, b.t(x))))] : []),
      ]),
    ]),
  ]);
}

/* ------------------------------------------------------------------ frames */

/** A menu entry's marker: a small filled dot (a hollow square would read as a checkbox). */
function menuIcon(b: ScreenBuilder, active: boolean, color: string): El {
  return h('div', { width: 6, height: 6, borderRadius: 3, background: active ? color : mix(color, b.th.siderBg, 0.35) });
}

const SEARCH_BUTTON = /^(查询|搜索|检索|筛选|重置|清空|查 询|搜 索|重 置|search|query|filter|reset|clear)$/i;

/** The page's tabs as a strip (the first one selected); nothing when the page has none. */
function tabStrip(b: ScreenBuilder, tabs: string[]): El | null {
  const th = b.th;
  if (!tabs.length) return null;
  return row({ gap: 24, marginBottom: 14, borderBottom: `1px solid ${th.border}` }, tabs.slice(0, 8).map((t, i) => h('div', { padding: '0 2px 8px', fontSize: 14, color: i === 0 ? th.primary : th.text, fontWeight: i === 0 ? 700 : 400, borderBottom: i === 0 ? `2px solid ${th.primary}` : '2px solid transparent' }, b.t(t))));
}

function sider(b: ScreenBuilder, width: number, active: string): El {
  const th = b.th;
  const items = ['首页', ...b.app.menu].slice(0, 14);
  return col({ width: width - 17, flexShrink: 0, background: th.siderBg, borderRight: `1px solid ${th.border}`, padding: '12px 8px', gap: 4 }, [
    ...items.map((m) => {
      const on = m === active;
      const solid = th.siderActive === 'solid';
      const bg = on ? (solid ? th.primary : th.tint) : 'transparent';
      const color = on ? (solid ? '#ffffff' : th.primary) : th.siderText;
      return row({ height: 40, padding: '0 14px', gap: 10, borderRadius: th.radius, background: bg, color, fontSize: 14, fontWeight: on ? 700 : 400 }, [menuIcon(b, on, color), h('div', { ...ellipsis, display: 'flex' }, b.t(fit(m, width - 70, 14)))]);
    }),
  ]);
}

function activeMenu(b: ScreenBuilder): string {
  return b.screen.kind === 'main' ? '首页' : b.screen.title;
}

/** The signed-in user (none for software without a login). */
function userBadge(b: ScreenBuilder, color: string): El | null {
  if (!b.app.user) return null;
  return row({ gap: 8, fontSize: 14, color }, [h('div', { width: 28, height: 28, borderRadius: 14, background: mix(b.th.primary, '#ffffff', 0.5), color: '#ffffff', alignItems: 'center', justifyContent: 'center', fontSize: 13 }, b.t([...b.app.user][0])), h('div', {}, b.t(b.app.user))]);
}

function breadcrumb(b: ScreenBuilder): El {
  const th = b.th;
  const parts = b.screen.kind === 'main' ? [b.screen.title] : ['首页', b.screen.title];
  return row({ gap: 6, fontSize: 13, color: th.textSecondary, marginBottom: 12 }, parts.flatMap((p, i) => [i ? h('div', {}, '/') : null, h('div', { color: i === parts.length - 1 ? th.text : th.textSecondary }, b.t(p))]));
}

function webAdmin(b: ScreenBuilder): El {
  const th = b.th;
  const { width, height } = b;
  if (b.screen.kind === 'login') return rootBox(b, loginWide(b, width, height));
  const headerH = 60;
  return rootBox(
    b,
    col({ width, height }, [
      row({ height: headerH, flexShrink: 0, background: th.headerBgColor, color: th.headerText, padding: '0 24px', justifyContent: 'space-between', borderBottom: `1px solid ${th.border}` }, [
        row({ gap: 40 }, [logo(b, 30), txt(b, b.identity, { fontSize: 22, fontWeight: 700 })]),
        userBadge(b, th.headerText),
      ]),
      row({ flexGrow: 1, alignItems: 'stretch', height: height - headerH }, [
        sider(b, 220, activeMenu(b)),
        col({ width: width - 220 - 40, flexShrink: 0, padding: 20, background: th.pageBg, color: th.text }, [breadcrumb(b), wideContent(b, width - 220 - 40)]),
      ]),
    ]),
  );
}

function webSite(b: ScreenBuilder): El {
  const th = b.th;
  const { width, height } = b;
  if (b.screen.kind === 'login') return rootBox(b, loginWide(b, width, height));
  const nav = ['首页', ...b.app.menu].slice(0, 7);
  const active = activeMenu(b);
  return rootBox(
    b,
    col({ width, height, background: th.pageBg }, [
      row({ height: 64, flexShrink: 0, background: th.headerBgColor, color: th.headerText, padding: '0 48px', justifyContent: 'space-between', borderBottom: `1px solid ${th.border}` }, [
        row({ gap: 40 }, [logo(b, 32), txt(b, b.identity, { fontSize: 22, fontWeight: 700 })]),
        row({ gap: 28, fontSize: 15 }, nav.map((m) => h('div', { paddingBottom: 4, borderBottom: `2px solid ${m === active ? (th.headerBgColor === th.primary ? '#ffffff' : th.primary) : 'transparent'}`, fontWeight: m === active ? 700 : 400 }, b.t(m)))),
        userBadge(b, th.headerText),
      ]),
      col({ padding: '18px 48px 10px', background: th.dark ? th.cardBg : th.tint }, [txt(b, b.screen.title, { fontSize: 22, fontWeight: 700, color: th.text }), b.screen.kind === 'main' ? null : breadcrumb(b)]),
      col({ width: width - 96, flexGrow: 1, padding: '20px 48px', color: th.text }, [wideContent(b, width - 96)]),
      row({ height: 44, flexShrink: 0, justifyContent: 'center', gap: 24, fontSize: 12, color: th.textSecondary, borderTop: `1px solid ${th.border}`, background: th.cardBg }, [h('div', {}, b.t(`${b.app.name} ${b.app.version}`))]),
    ]),
  );
}

/** Height of a desktop window's title bar (CSS px); its title is large enough to be read back by OCR. */
const TITLE_H = 36;

function desktop(b: ScreenBuilder): El {
  const th = b.th;
  const { width, height } = b;
  const titleBg = th.dark ? '#0b0d11' : th.headerBg === 'primary' ? th.primary : mix(th.primary, '#1f2329', 0.55);
  const glyph = (d: string) => h('svg', { width: 10, height: 10 }, [h('path', {}, undefined, { d, fill: 'none', stroke: '#ffffff', 'stroke-width': 1 })], { width: 10, height: 10, viewBox: '0 0 10 10' });
  const winBtn = (d: string, close = false) => h('div', { width: 46, height: TITLE_H, alignItems: 'center', justifyContent: 'center', background: close ? '#c42b1c' : 'transparent' }, glyph(d));
  const titleBar = row({ height: TITLE_H, flexShrink: 0, background: titleBg, color: '#ffffff', justifyContent: 'space-between', paddingLeft: 12 }, [
    row({ gap: 24, fontSize: 16 }, [logo(b, 20), h('div', {}, b.t(`${b.app.name} ${b.app.version}`))]),
    row({}, [winBtn('M0,5 H10'), winBtn('M0.5,0.5 H9.5 V9.5 H0.5 Z'), winBtn('M0,0 L10,10 M10,0 L0,10', true)]),
  ]);
  const statusBar = row({ height: 26, flexShrink: 0, background: th.dark ? '#0b0d11' : mix(th.pageBg, '#000000', 0.04), color: th.textSecondary, fontSize: 12, padding: '0 12px', justifyContent: 'flex-end', borderTop: `1px solid ${th.border}` }, [
    row({ gap: 20 }, [b.app.user ? h('div', {}, b.t(`当前用户：${b.app.user}`)) : null, h('div', {}, b.t(`版本 ${b.app.version}`))]),
  ]);
  if (b.screen.kind === 'login') {
    const s = b.screen;
    return rootBox(
      b,
      col({ width: width - 2, height: height - 2, border: `1px solid ${mix(titleBg, '#000000', 0.2)}` }, [
        titleBar,
        col({ flexGrow: 1, background: th.pageBg, alignItems: 'center', justifyContent: 'center' }, [
          col({ width: 420, background: th.cardBg, border: `1px solid ${th.border}`, borderRadius: th.radius, padding: 36, gap: 18, alignItems: 'stretch' }, [
            row({ gap: 12, justifyContent: 'center' }, [logo(b, 40), col({}, [txt(b, b.app.name, { fontSize: b.app.name.length > 12 ? 18 : 22, fontWeight: 700, color: th.text }), txt(b, `版本 ${b.app.version}`, { fontSize: 13, color: th.textSecondary })])]),
            txt(b, s.title, { fontSize: 16, color: th.text, justifyContent: 'center' }),
            ...s.texts.map((t) => txt(b, fit(t, 340, 12), { fontSize: 12, color: th.textSecondary, justifyContent: 'center' })),
            ...s.fields.map((f) => row({ gap: 10 }, [h('div', { width: 64, justifyContent: 'flex-end', fontSize: 14, color: th.text }, b.t(f.label)), input(b, /密码/.test(f.label) ? '••••••••' : f.value, f.type, { height: 34, placeholder: `请输入${f.label}` })])),
            row({ gap: 12, marginTop: 6 }, s.buttons.slice(0, 2).map((x, i) => button(b, x, i === 0, { block: true, height: 36 }))),
          ]),
        ]),
        statusBar,
      ]),
    );
  }
  return rootBox(
    b,
    col({ width: width - 2, height: height - 2, border: `1px solid ${mix(titleBg, '#000000', 0.2)}` }, [
      titleBar,
      row({ flexGrow: 1, alignItems: 'stretch', height: height - TITLE_H - 26 }, [sider(b, 190, activeMenu(b)), col({ width: width - 190 - 2 - 32, flexShrink: 0, padding: 16, background: th.pageBg, color: th.text }, [wideContent(b, width - 190 - 34)])]),
      statusBar,
    ]),
  );
}

/* ------------------------------------------------------------------ mobile */

function mobile(b: ScreenBuilder): El {
  const th = b.th;
  const s = b.screen;
  const { width, height } = b;
  const ident = `${b.app.shortName || b.app.name} ${b.app.version}`;
  if (s.kind === 'login') {
    return rootBox(
      b,
      col({ width: width - 56, height: height - 100, background: th.cardBg, padding: '72px 28px 28px', gap: 18 }, [
        col({ alignItems: 'center', gap: 10, marginBottom: 18 }, [logo(b, 72), txt(b, b.app.shortName || b.app.name, { fontSize: 22, fontWeight: 700, color: th.text }), txt(b, `版本 ${b.app.version}`, { fontSize: 13, color: th.textSecondary })]),
        txt(b, s.title, { fontSize: 18, fontWeight: 700, color: th.text }),
        ...s.texts.map((t) => txt(b, fit(t, width - 56, 13), { fontSize: 13, color: th.textSecondary })),
        ...s.fields.map((f) => col({ gap: 6 }, [txt(b, f.label, { fontSize: 13, color: th.textSecondary }), input(b, /密码/.test(f.label) ? '••••••••' : f.value, f.type, { height: 46, fontSize: 15, placeholder: `请输入${f.label}` })])),
        s.buttons[0] ? row({ marginTop: 10 }, [button(b, s.buttons[0], true, { block: true, height: 48, fontSize: 17 })]) : null,
        row({ justifyContent: 'space-between', fontSize: 13, color: th.primary }, s.buttons.slice(1, 3).map((x) => h('div', {}, b.t(x)))),
        h('div', { flexGrow: 1 }),
        txt(b, b.app.name, { fontSize: 12, color: th.textSecondary, justifyContent: 'center' }),
      ]),
    );
  }
  // The code's own tab bar, on the home screen and its own tab pages only (none when the code has none); without
  // code, the home entry and the first modules.
  const tabs = b.app.tabBar ?? ['首页', ...b.app.menu.slice(0, 3).map((m) => shortLabel(m))];
  const activeTab = s.kind === 'main' ? tabs[0] : (tabs.find((t) => t === s.title) ?? shortLabel(s.title));
  const tabPage = s.kind === 'main' || !b.app.tabBar || b.app.tabBar.includes(s.title);
  // The main screen's bar names the software unless the home page has a title of its own.
  const barTitle = s.kind === 'main' && s.title === '首页' ? b.app.shortName || b.app.name : s.title;
  const appBar = col({ flexShrink: 0, background: th.headerBgColor === th.cardBg ? th.primary : th.headerBgColor, color: '#ffffff', padding: '14px 16px 10px', gap: 2 }, [
    row({ justifyContent: 'space-between' }, [h('div', { fontSize: 18 }, s.kind === 'main' || (b.app.tabBar && tabPage) ? '' : '‹'), txt(b, fit(barTitle, width - 100, 18), { fontSize: 18, fontWeight: 700, ...ellipsis }), h('div', { fontSize: 18 }, '···')]),
    txt(b, barTitle === (b.app.shortName || b.app.name) ? `版本 ${b.app.version}` : ident, { fontSize: 14, justifyContent: 'center' }),
  ]);
  const tabBar = tabs.length && tabPage
    ? row({ height: 58, flexShrink: 0, background: th.cardBg, borderTop: `1px solid ${th.border}`, justifyContent: 'space-around' }, tabs.map((t) => col({ alignItems: 'center', gap: 5, color: t === activeTab ? th.primary : th.textSecondary, fontSize: 12 }, [h('div', { width: 6, height: 6, borderRadius: 3, background: t === activeTab ? th.primary : 'transparent' }), h('div', { fontWeight: t === activeTab ? 700 : 400 }, b.t(t))])))
    : null;
  return rootBox(b, col({ width, height, background: th.pageBg, color: th.text }, [appBar, col({ flexGrow: 1, padding: 12, gap: 12 }, mobileBody(b)), tabBar]));
}

function shortLabel(s: string): string {
  const c = [...s.replace(/(管理|中心|模块|功能)$/, '')];
  return c.length > 4 ? c.slice(0, 4).join('') : c.join('');
}

function mobileBody(b: ScreenBuilder): Child[] {
  const th = b.th;
  const s = b.screen;
  const width = b.width;
  const mcard = (children: Child[], style: Record<string, unknown> = {}) => col({ background: th.cardBg, borderRadius: Math.max(8, th.radius), padding: 14, gap: 8, ...style }, children);
  // The page's own texts, the first as its heading.
  const textCard = s.texts.length ? mcard(s.texts.map((t, i) => txt(b, fit(t, width - 52, i === 0 ? 16 : 13), { fontSize: i === 0 ? 16 : 13, fontWeight: i === 0 ? 700 : 400, color: i === 0 ? th.text : th.textSecondary, ...ellipsis }))) : null;
  switch (s.kind) {
    case 'main': {
      // What the home page shows as its code writes it; without code, the software's own module names as its menu.
      const has = s.texts.length || s.fields.length || s.buttons.length || s.columns.length;
      return [
        s.stats.length ? statCards(b, s.stats.slice(0, 4), true) : null,
        textCard,
        s.fields.length ? mcard(s.fields.slice(0, 5).map((f) => col({ gap: 6, paddingBottom: 6 }, [txt(b, f.label, { fontSize: 13, color: th.textSecondary }), input(b, f.value, f.type, { height: 38, fontSize: 14 })]))) : null,
        s.columns.length ? mcard([row({ gap: 12, fontSize: 13, color: th.textSecondary, flexWrap: 'wrap' }, s.columns.slice(0, 4).map((c) => h('div', {}, b.t(c))))]) : null,
        s.buttons.length ? col({ gap: 10 }, s.buttons.slice(0, 4).map((x, i) => button(b, x, i === 0, { block: true, height: 42 }))) : null,
        !has && !b.app.tabBar && b.app.menu.length
          ? mcard(b.app.menu.slice(0, 8).map((m) => row({ gap: 10, fontSize: 14, padding: '8px 0', borderBottom: `1px solid ${th.border}` }, [h('div', { width: 6, height: 6, borderRadius: 3, background: th.primary }), h('div', { flexGrow: 1, ...ellipsis, display: 'flex' }, b.t(fit(m, width - 90, 14))), h('div', { color: th.textSecondary }, '›')])))
          : null,
      ];
    }
    case 'list':
      return [
        textCard,
        ...(s.tabs?.length ? [row({ gap: 18, fontSize: 14 }, s.tabs.slice(0, 4).map((t, i) => h('div', { color: i === 0 ? th.primary : th.text, fontWeight: i === 0 ? 700 : 400 }, b.t(t))))] : []),
        ...(s.fields.length || s.buttons.length ? [row({ gap: 8 }, [...(s.fields.length ? [input(b, s.fields[0]?.value ?? '', 'text', { height: 36, placeholder: s.fields[0]?.label ?? '' })] : []), ...(s.buttons[0] ? [button(b, s.buttons[0], true, { height: 36 })] : [])])] : []),
        ...s.rows.slice(0, 5).map((r) =>
          mcard([
            row({ justifyContent: 'space-between' }, [txt(b, fit(r[1] || r[0] || '', 230, 15), { fontSize: 15, fontWeight: 700, ...ellipsis }), statusOf(b, s, r)]),
            ...s.columns.slice(0, 4).flatMap((c, i) => (i === 1 || c === '操作' || /(状态|结果)$/.test(c) || !r[i] ? [] : [row({ fontSize: 12, color: th.textSecondary, gap: 6 }, [h('div', {}, b.t(`${c}：`)), h('div', { color: th.text }, b.t(r[i]))])])),
          ], { padding: 12, gap: 5 }),
        ),
      ];
    case 'form':
      return [
        textCard,
        s.fields.length ? mcard(s.fields.slice(0, 7).map((f) => col({ gap: 6, paddingBottom: 6 }, [txt(b, f.label, { fontSize: 13, color: th.textSecondary }), input(b, f.value, f.type, { height: 38, fontSize: 14 })]))) : null,
        row({ gap: 10 }, s.buttons.slice(0, 2).map((x, i) => button(b, x, i === 0, { block: true, height: 44, fontSize: 16 }))),
      ];
    case 'detail':
      return [
        mcard(s.fields.slice(0, 8).map((f) => row({ justifyContent: 'space-between', fontSize: 14, padding: '6px 0', borderBottom: `1px solid ${th.border}` }, [h('div', { color: th.textSecondary }, b.t(f.label)), h('div', { ...ellipsis, display: 'flex' }, f.value ? b.t(fit(f.value, 200, 14)) : '—')]))),
        s.rows.length ? mcard([txt(b, s.columns[0] || '处理记录', { fontSize: 15, fontWeight: 700 }), ...s.rows.slice(0, 3).map((r) => col({ fontSize: 12, gap: 2 }, [h('div', { color: th.text }, b.t(r[0] ?? '')), h('div', { color: th.textSecondary }, b.t(r.slice(1).join('  ')))]))]) : null,
        row({ gap: 10 }, s.buttons.slice(0, 2).map((x, i) => button(b, x, i === 0, { block: true, height: 42 }))),
      ];
    case 'chart': {
      const chart = s.chart ?? { labels: [], values: [] };
      const over = chartAxis(chart.labels);
      return [
        s.stats.length ? statCards(b, s.stats.slice(0, 4), true) : null,
        mcard([barChart(b, chart, 200, `${s.title}${over ? `（${over}）` : ''}`)]),
        over ? mcard([lineChart(b, chart, b.width - 52, 140, '变化趋势')]) : null,
        s.buttons.length ? row({}, [button(b, s.buttons[0]!, true, { block: true, height: 44, fontSize: 16 })]) : null,
      ];
    }
    case 'settings':
      return [
        mcard(s.fields.map((f) => row({ justifyContent: 'space-between', fontSize: 14, padding: '8px 0', borderBottom: `1px solid ${th.border}` }, [h('div', {}, b.t(f.label)), f.type === 'switch' ? input(b, f.value, 'switch') : h('div', { color: th.textSecondary }, f.value ? b.t(`${f.value} ›`) : '›')]))),
        row({}, [button(b, s.buttons[0] || '保存', true, { block: true, height: 44, fontSize: 16 })]),
      ];
    default:
      return [];
  }
}

function statusOf(b: ScreenBuilder, s: ScreenSpec, r: string[]): El | null {
  const i = s.columns.findIndex((c) => /(状态|结果)$/.test(c));
  return i >= 0 && r[i] ? tag(b, r[i]) : null;
}

/* ------------------------------------------------------------------ diagrams (software without a user interface) */

function diagram(b: ScreenBuilder): El {
  const s = b.screen;
  const th = resolveTheme('classic', b.app.color);
  const { width, height } = b;
  const box = (label: string, style: Record<string, unknown> = {}) => h('div', { padding: '10px 14px', border: `2px solid ${th.primary}`, borderRadius: 6, background: '#ffffff', color: '#1f2329', fontSize: 16, alignItems: 'center', justifyContent: 'center', ...style }, b.t(label));
  const title = txt(b, `${b.app.name} ${b.app.version}`, { fontSize: 20, fontWeight: 700, color: '#1f2329' });
  const sub = txt(b, s.title, { fontSize: 16, color: '#646a73' });
  let body: El;
  if (s.kind === 'architecture') {
    body = col(
      { gap: 14, flexGrow: 1, justifyContent: 'center' },
      s.groups.map((g, i) =>
        row({ gap: 14, alignItems: 'stretch' }, [
          h('div', { width: 150, flexShrink: 0, background: mix(th.primary, '#ffffff', 0.15 + 0.12 * i), color: '#ffffff', borderRadius: 6, alignItems: 'center', justifyContent: 'center', fontSize: 17, fontWeight: 700 }, b.t(g.title)),
          row({ flexGrow: 1, gap: 12, flexWrap: 'wrap', background: mix(th.primary, '#ffffff', 0.93), border: `1px dashed ${mix(th.primary, '#ffffff', 0.4)}`, borderRadius: 6, padding: 12 }, g.items.map((it) => box(it, { flexGrow: 1, minWidth: 150 }))),
        ]),
      ),
    );
  } else {
    const groups = s.groups;
    body = col({ alignItems: 'center', gap: 0, flexGrow: 1 }, [
      box(b.app.name, { background: th.primary, color: '#ffffff', fontWeight: 700, fontSize: 18, padding: '12px 28px' }),
      h('div', { width: 2, height: 22, background: th.primary }),
      h('div', { height: 2, width: `${Math.max(10, 100 - 100 / Math.max(1, groups.length))}%`, background: th.primary }),
      row(
        { alignItems: 'flex-start', justifyContent: 'space-around', width: '100%' },
        groups.map((g) =>
          col({ alignItems: 'center', flexGrow: 1, flexBasis: 0 }, [
            h('div', { width: 2, height: 20, background: th.primary }),
            box(g.title, { fontWeight: 700, fontSize: groups.length > 6 ? 13 : 15, padding: '8px 6px', width: '90%' }),
            col({ gap: 6, marginTop: 10, width: '86%' }, g.items.slice(0, 8).map((it) => h('div', { fontSize: groups.length > 6 ? 11 : 13, padding: '5px 6px', border: '1px solid #d0d5dd', borderRadius: 4, color: '#344054', justifyContent: 'center', background: '#f8fafc' }, b.t(it)))),
          ]),
        ),
      ),
    ]);
  }
  return h('div', { width: width - 82, height: height - 82, display: 'flex', flexDirection: 'column', background: '#ffffff', padding: 40, gap: 10, fontFamily: 'sc', border: '1px solid #d0d5dd' }, [row({ justifyContent: 'space-between' }, [title, sub]), h('div', { height: 1, background: '#e5e6eb', margin: '8px 0 16px' }), body]);
}

function rootBox(b: ScreenBuilder, child: El): El {
  return h('div', { width: b.width, height: b.height, display: 'flex', fontFamily: 'sc', background: b.th.pageBg, color: b.th.text }, child);
}

const FRAMES: Record<Platform, (b: ScreenBuilder) => El> = { 'web-admin': webAdmin, 'web-site': webSite, mobile, desktop };
