import type { ThemeConfig } from 'antd';

export const BRAND = '#1d4ed8';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: BRAND,
    borderRadius: 8,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'WenQuanYi Micro Hei', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', bodyBg: '#f5f7fb', footerBg: '#0f172a' },
  },
};
