/**
 * Request inputs of the fuzz suite (test/fuzz.test.ts) and the memory benchmark (bench/memory.bench.ts), as
 * fast-check arbitraries: `fuzzQuery` a query string, `fuzzBody` a raw body with its content type (JSON, broken
 * JSON, multipart well formed or not, form, text, binary), both with nasty values (NUL, huge ids, injections,
 * prototype keys, deep nesting).
 */
import fc from 'fast-check';

const FIELD_NAMES = [
  'id', 'projectId', 'userId', 'uploadId', 'page', 'pageSize', 'type', 'mobile', 'email', 'account', 'password',
  'confirmPassword', 'oldPassword', 'newPassword', 'code', 'mobileCode', 'loginType', 'codeType', 'name', 'version',
  'username', 'role', 'captchaType', 'token', 'pointJson', 'captchaVerification', 'keyword', 'status', 'form',
  'modules', 'description', 'file', 'fileName', 'sort', 'text', 'json', 'lines', 'platformTypeId', 'category',
  '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty',
];

const nasty = fc.constantFrom(
  '', ' ', '\u0000', 'a\u0000b', "' OR 1=1 --", "admin'--", '"; DROP TABLE users; --', '\\', '%00', '${7*7}', '{{7*7}}',
  '<script>alert(1)</script>', '../../etc/passwd', 'NaN', 'Infinity', '-1', '0', '2147483648', '9223372036854775808',
  '1e309', '13800138000', 'a@b.co', '\uD800', '\uFFFF', '𠀀'.repeat(50), 'x'.repeat(5000), '[]', '{}', 'null', 'true',
);
const scalar = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  nasty,
  fc.integer(),
  fc.constantFrom(2 ** 31, 2 ** 31 - 1, 2 ** 53, -(2 ** 31) - 1, 1e300, -0, 0.5, Number.MAX_SAFE_INTEGER),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
);
const value: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, fc.array(tie('v'), { maxLength: 4 }), fc.dictionary(fc.constantFrom(...FIELD_NAMES), tie('v'), { maxKeys: 4 })),
})).v;
const jsonObject = fc.dictionary(fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string({ maxLength: 10 })), value, { maxKeys: 8 });

/** A plausible body of most routes (valid account, password, ids…) with one to three fields replaced by nasty values: reaches past validation. */
const PLAUSIBLE: Record<string, unknown> = {
  mobile: '13800138000', account: '13800138000', password: 'Secret-123', confirmPassword: 'Secret-123', oldPassword: 'Secret-123',
  newPassword: 'Secret-456', loginType: 1, mobileCode: '123456', code: '123456', codeType: 1, type: 1, name: '测试软件', version: 'V1.0',
  id: 1, projectId: 1, userId: 1, page: 1, pageSize: 10, username: 'someone', role: 2, captchaVerification: 'x', keyword: '测试',
  description: '这是一个用于测试的软件。', modules: [], category: '应用软件',
};
const plausible = fc
  .array(fc.tuple(fc.constantFrom(...Object.keys(PLAUSIBLE)), fc.oneof(nasty, scalar, value)), { minLength: 1, maxLength: 3 })
  .map((edits) => ({ type: 'application/json', body: JSON.stringify({ ...PLAUSIBLE, ...Object.fromEntries(edits) }) }));

/** JSON nested `n` arrays deep. */
export const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);

/** A raw request body with its content type: JSON, broken JSON, multipart (well formed or not), form, text, nothing. */
export const fuzzBody = fc.oneof(
  plausible,
  plausible.map(({ body }) => {
    const o = JSON.parse(body) as Record<string, unknown>;
    const parts = Object.entries(o).map(([k, v]) => `--FuzzB\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${typeof v === 'string' ? v : JSON.stringify(v)}\r\n`);
    return { type: 'multipart/form-data; boundary=FuzzB', body: `${parts.join('')}--FuzzB--\r\n` };
  }),
  jsonObject.map((o) => ({ type: 'application/json', body: JSON.stringify(o) })),
  fc.constantFrom(
    { type: 'application/json', body: '{"__proto__":{"polluted":1}}' },
    { type: 'application/json', body: '{"constructor":{"prototype":{"polluted":1}}}' },
    { type: 'application/json', body: `{"a":${deep(5000)}}` },
    { type: 'application/json', body: '{' },
    { type: 'application/json', body: '' },
    { type: 'application/json', body: '"just a string"' },
    { type: 'application/json', body: '[1,2,3]' },
    { type: 'application/json', body: 'null' },
    { type: 'multipart/form-data', body: 'garbage' },
    { type: 'multipart/form-data; boundary=', body: '' },
    { type: 'multipart/form-data; boundary=XyZ', body: 'garbage without boundary' },
    { type: 'multipart/form-data; boundary=XyZ', body: '--XyZ\r\nContent-Disposition: form-data; name="id"\r\n\r\n1' },
    { type: 'multipart/form-data; boundary=XyZ', body: '--XyZ\r\nbroken header\r\n\r\nv\r\n--XyZ--\r\n' },
    { type: 'multipart/form-data; boundary=XyZ', body: '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.zip"\r\nContent-Type: application/zip\r\n\r\nPK\u0003\u0004garbage\r\n--XyZ--\r\n' },
    { type: 'application/x-www-form-urlencoded', body: 'id=1&id=2&a[b]=c&%00=%00' },
    { type: 'text/plain', body: 'hello' },
    { type: 'application/xml', body: '<a/>' },
    { type: 'application/json; charset=latin1', body: '{}' },
    { type: '', body: '{}' },
  ),
  fc.record({ name: fc.constantFrom(...FIELD_NAMES), v: fc.oneof(fc.string({ maxLength: 30 }), nasty) }, { requiredKeys: ['name', 'v'] }).map(({ name, v }) => ({
    type: 'multipart/form-data; boundary=FuzzB',
    body: `--FuzzB\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${v}\r\n--FuzzB--\r\n`,
  })),
  fc.string({ unit: 'binary', maxLength: 200 }).map((s) => ({ type: 'application/octet-stream', body: s })),
);

/** encodeURIComponent, with a lone surrogate sent as the invalid UTF-8 bytes a broken client would send. */
const enc = (s: string): string => {
  try {
    return encodeURIComponent(s);
  } catch {
    return '%ED%A0%80';
  }
};

/** A query string with the usual keys and nasty values (repeated keys, brackets, NUL, huge ids). */
export const fuzzQuery = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.constantFrom('id[]', 'a[b]', '%00')), fc.oneof(fc.string({ maxLength: 20 }), nasty, fc.integer().map(String))), { maxLength: 5 })
  .map((pairs) => pairs.map(([k, v]) => `${k.startsWith('%') ? k : enc(k)}=${enc(v)}`).join('&'));
