import type { ThemeId } from './model';

/** Colours and shapes of one theme; `primary` is replaced by the user's colour when given. */
export interface Theme {
  id: ThemeId;
  label: string;
  primary: string;
  dark: boolean;
  pageBg: string;
  cardBg: string;
  text: string;
  textSecondary: string;
  border: string;
  /** Header background; `primary` means the primary colour. */
  headerBg: string;
  headerText: string;
  siderBg: string;
  siderText: string;
  /** Active menu item: background (a tint of the primary colour when 'tint') and text. */
  siderActive: 'tint' | 'solid';
  inputBg: string;
  radius: number;
}

export const THEMES: Record<ThemeId, Theme> = {
  classic: {
    id: 'classic',
    label: '经典蓝白',
    primary: '#1677ff',
    dark: false,
    pageBg: '#f5f6f8',
    cardBg: '#ffffff',
    text: '#1f2329',
    textSecondary: '#646a73',
    border: '#e5e6eb',
    headerBg: '#ffffff',
    headerText: '#1f2329',
    siderBg: '#ffffff',
    siderText: '#1f2329',
    siderActive: 'tint',
    inputBg: '#ffffff',
    radius: 6,
  },
  'dark-side': {
    id: 'dark-side',
    label: '深色侧栏',
    primary: '#2f54eb',
    dark: false,
    pageBg: '#f0f2f5',
    cardBg: '#ffffff',
    text: '#1d2129',
    textSecondary: '#6b7280',
    border: '#e4e7ed',
    headerBg: '#ffffff',
    headerText: '#1d2129',
    siderBg: '#001529',
    siderText: '#c9d1dc',
    siderActive: 'solid',
    inputBg: '#ffffff',
    radius: 4,
  },
  fresh: {
    id: 'fresh',
    label: '清新圆角',
    primary: '#13a8a8',
    dark: false,
    pageBg: '#f3f8f8',
    cardBg: '#ffffff',
    text: '#18302f',
    textSecondary: '#5f7473',
    border: '#dde9e8',
    headerBg: 'primary',
    headerText: '#ffffff',
    siderBg: '#ffffff',
    siderText: '#18302f',
    siderActive: 'tint',
    inputBg: '#fbfdfd',
    radius: 12,
  },
  business: {
    id: 'business',
    label: '商务深灰',
    primary: '#d46b08',
    dark: false,
    pageBg: '#f4f4f5',
    cardBg: '#ffffff',
    text: '#18181b',
    textSecondary: '#52525b',
    border: '#e4e4e7',
    headerBg: '#27272a',
    headerText: '#fafafa',
    siderBg: '#fafafa',
    siderText: '#27272a',
    siderActive: 'solid',
    inputBg: '#ffffff',
    radius: 2,
  },
  night: {
    id: 'night',
    label: '暗夜模式',
    primary: '#3c89e8',
    dark: true,
    pageBg: '#101318',
    cardBg: '#1b2028',
    text: '#e6e8eb',
    textSecondary: '#9aa3ae',
    border: '#2c333d',
    headerBg: '#1b2028',
    headerText: '#e6e8eb',
    siderBg: '#161a21',
    siderText: '#c3c9d1',
    siderActive: 'solid',
    inputBg: '#12161c',
    radius: 6,
  },
};

/** Theme choices for pickers: id, Chinese label and default colour. */


const hex = (c: string): [number, number, number] => [parseInt(c.slice(1, 3), 16), parseInt(c.slice(3, 5), 16), parseInt(c.slice(5, 7), 16)];
const toHex = (rgb: number[]) => '#' + rgb.map((v) => Math.max(0, Math.min(255, Math.round(v))).toString(16).padStart(2, '0')).join('');

/** Mixes colour `a` toward `b` by `t` (0 → a, 1 → b); both #rrggbb. */
export function mix(a: string, b: string, t: number): string {
  const x = hex(a);
  const y = hex(b);
  return toHex(x.map((v, i) => v + (y[i] - v) * t));
}

/** True when white text reads better than black on `bg` (relative luminance below ~0.5). */
export function isDarkColor(bg: string): boolean {
  const [r, g, b] = hex(bg).map((v) => v / 255);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.55;
}

/** The theme with the user's primary colour applied. */
export function resolveTheme(id: ThemeId, color?: string): Theme & { headerBgColor: string; tint: string } {
  const base = THEMES[id];
  const primary = color && /^#[0-9a-fA-F]{6}$/.test(color) ? color.toLowerCase() : base.primary;
  const headerBgColor = base.headerBg === 'primary' ? primary : base.headerBg;
  const tint = base.dark ? mix(primary, '#000000', 0.6) : mix(primary, '#ffffff', 0.88);
  return { ...base, primary, headerBgColor, headerText: base.headerBg === 'primary' ? (isDarkColor(primary) ? '#ffffff' : '#1f2329') : base.headerText, tint };
}
