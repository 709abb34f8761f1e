/** Machine-readable error codes of the materials engine. */
export type DocgenErrorCode =
  | 'INPUT_NOT_FOUND'
  | 'EMPTY_CODEBASE'
  | 'UNSUPPORTED_ARCHIVE'
  | 'ARCHIVE_UNSAFE'
  | 'ARCHIVE_TOO_LARGE'
  | 'ARCHIVE_CORRUPT'
  | 'BAD_NAME'
  | 'BAD_VERSION'
  | 'BAD_PROJECT'
  | 'BAD_CONTRACT'
  | 'BAD_OPTION'
  | 'FONT_MISSING'
  | 'PDF_UNREADABLE'
  | 'BROWSER_NOT_FOUND'
  | 'LOGIN_FAILED'
  | 'PDF_IMAGE_TOO_LARGE';

/**
 * A user-facing error: `message` is Chinese and can be shown as is (CLI, web app);
 * `code` is stable for programs. Anything else thrown by docgen is a bug.
 */
export class DocgenError extends Error {
  readonly code: DocgenErrorCode;
  readonly detail?: unknown;
  constructor(code: DocgenErrorCode, message: string, detail?: unknown) {
    super(message);
    this.name = 'DocgenError';
    this.code = code;
    this.detail = detail;
  }
}
