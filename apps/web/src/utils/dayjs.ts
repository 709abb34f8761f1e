import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

/**
 * dayjs with its Chinese locale (zh-cn: weeks start on Monday, 星期/月 names) as the global default. The app's code
 * imports dayjs from here, never from 'dayjs' (ESLint refuses it), so the pages that work with dates load the locale
 * and the pages that do not (the home page) ship no dayjs.
 */
dayjs.locale('zh-cn');

export default dayjs;
export type { Dayjs } from 'dayjs';
