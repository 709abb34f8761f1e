/**
 * Operator details shown in the footer. The filing numbers are issued to the operating company;
 * until they are set here the footer says so instead of showing invented numbers.
 */
export const SITE = {
  name: '码著',
  slogan: '软件著作权登记材料，一次准备到位',
  /** Public address encoded in the footer QR code; the current origin when empty. */
  url: '',
  contact: {
    hours: '工作日 9:00–18:00',
    email: 'support@mazhu.cn',
    phone: '',
  },
  /** ICP 备案号 (e.g. 京ICP备xxxxxxxx号); empty until the operator's filing is issued. */
  icp: '',
  /** 公安联网备案号 (e.g. 京公网安备 xxxxxxxxxxxxxx 号); empty until issued. */
  publicSecurity: '',
  supportCompany: '',
} as const;

export function siteUrl(): string {
  if (SITE.url) return SITE.url;
  return typeof window === 'undefined' ? 'https://mazhu.cn' : window.location.origin;
}
