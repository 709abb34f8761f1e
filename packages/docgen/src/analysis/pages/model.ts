/**
 * What one page of a user interface says about itself, read from its source (template, JSX, WXML, layout XML):
 * every item keeps the line it was read from.
 */

/** A text of the page and the 1-based line of its file where it is written. */
export interface PageText {
  text: string;
  line: number;
}

/** The kind of input a field is, from the component that holds it (el-select → select, DatePicker → date …). */
export type PageFieldKind = 'text' | 'select' | 'date' | 'number' | 'textarea' | 'switch' | 'radio' | 'checkbox' | 'upload' | 'password';

export interface PageField extends PageText {
  kind: PageFieldKind;
}

/** A call to the server the page makes: method (when the code says) and path, e.g. "GET /system/user/list". */
export interface PageCall extends PageText {
  method?: string;
}

export type PageFramework = 'vue' | 'react' | 'wxml' | 'android' | 'template';

export interface PageFacts {
  /** The page's file ('/'-separated, as in the analysis). Facts of the page's script beside it (WXML's .js) count too. */
  file: string;
  framework: PageFramework;
  /** The page's own title: navigationBarTitleText, <title>, a page header. */
  title?: PageText;
  /** Fields of the page's forms (edit dialogs, filling-in pages), in order. */
  fields: PageField[];
  /** Search conditions: fields of an inline/search form or a filter bar. */
  search: PageField[];
  /** Table columns (el-table-column label, antd columns title, <th>). */
  columns: PageText[];
  /** Buttons and clickable actions with a text of their own. */
  buttons: PageText[];
  tabs: PageText[];
  /** Texts of confirmation dialogs (ElMessageBox.confirm, Modal.confirm, wx.showModal, confirm()). */
  confirms: PageText[];
  /** Messages of input rules (rules' message, validators' errors, hints shown for a wrong input). */
  validations: PageText[];
  /** Server calls (API paths), through the page's own requests or the API functions it imports. */
  calls: PageCall[];
  /**
   * Other texts the page writes itself (headings, paragraphs, captions, list items written out), in order, at most
   * MAX_PAGE_TEXTS; not those already read as a title, field, column, button or tab. Absent in facts stored by earlier
   * versions.
   */
  texts?: PageText[];
  /** How the page signs the user in, when it is a login page: 'phone' (phone + code), 'wechat', 'password'. */
  login?: 'phone' | 'wechat' | 'password';
  /**
   * The app's home page, the first one it opens: the first page of a mini-program's app.json (its entryPagePath when
   * given) or a uni-app pages.json, the page the router's "/" leads to, else a views/pages home, dashboard or index.
   */
  home?: boolean;
  /** The page's entry in the app's bottom tab bar (app.json / pages.json tabBar.list): its text and place (0-based). */
  tab?: { text: string; order: number };
  /** Key of the code unit (analysis/code-structure) the page belongs to, when one holds its file or folder. */
  unit?: string;
}

/** A login page's file (login.vue, pages/login/index.wxml, SignIn.jsx …). */
export const LOGIN_PAGE = /(^|\/)(login|signin|sign-in|sign_in|logon)(\/index)?\.\w+$/i;
/** The key of a code unit of a login (analysis/code-structure), and a login route of the code. */
export const LOGIN_UNIT = /^(page )?(login|signin|sign in)$/;
export const LOGIN_ROUTE = /(^|\/)(login|signin)$/i;

/** At most this many other texts are kept per page (PageFacts.texts). */
export const MAX_PAGE_TEXTS = 20;

export const emptyFacts = (file: string, framework: PageFramework): PageFacts => ({ file, framework, fields: [], search: [], columns: [], buttons: [], tabs: [], texts: [], confirms: [], validations: [], calls: [] });

/** A joining word left alone by the markup around it ("or", "in", "by"): no text of a page on its own. */
export const isLoneJoiningWord = (t: string): boolean => /^[a-z]{1,3}$/.test(t);
