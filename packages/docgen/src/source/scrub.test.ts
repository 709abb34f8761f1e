import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Scrubber, isValidChineseId } from './scrub';

describe('scrubbing secrets and personal data', () => {
  it('masks keys, passwords, IPs, e-mails, phones and ID numbers and reports where', () => {
    const s = new Scrubber();
    const L = (t: string, n = 1) => s.line('a.js', n, t);
    expect(L('const key = "AKIAIOSFODNN7EXAMPLE";')).not.toContain('IOSFODNN7');
    expect(L("password: 'Passw0rd!'")).toBe("password: '*********'");
    expect(L("type: 'password'")).toBe("type: 'password'");
    // Labels of a translation file are words, not passwords.
    expect(L("    password: 'Password',")).toBe("    password: 'Password',");
    expect(L("    password: 'Contraseña',")).toBe("    password: 'Contraseña',");
    expect(L("password: 'Secret2024'")).toBe("password: '**********'");
    expect(L("const TOKEN_KEY = 'access_token'")).toBe("const TOKEN_KEY = 'access_token'");
    expect(L("host = '192.168.1.10'")).toBe("host = 'x.x.x.x'");
    expect(L("host = '127.0.0.1'")).toBe("host = 'x.x.x.x'");
    expect(L("bind = '0.0.0.0'")).toBe("bind = '0.0.0.0'");
    expect(L("version = '1.2.3'")).toBe("version = '1.2.3'");
    expect(L('mail("zhang.san@qq.com")')).toBe('mail("***@***.***")');
    // Never masked: example addresses, public addresses, version strings.
    expect(L('mail("zhang.san@example.com")')).toBe('mail("zhang.san@example.com")');
    expect(L("dns = '8.8.8.8'")).toBe("dns = '8.8.8.8'");
    expect(L("ua = 'Mozilla/5.0 Chrome/102.0.0.0 Safari/537.36'")).toBe("ua = 'Mozilla/5.0 Chrome/102.0.0.0 Safari/537.36'");
    expect(L("host = '172.20.1.5'")).toBe("host = 'x.x.x.x'");
    expect(L("img = 'logo@2x.png'")).toBe("img = 'logo@2x.png'");
    expect(L('tel = "13812345678"')).toBe('tel = "***********"');
    expect(L('ts = 1609459200000')).toBe('ts = 1609459200000');
    expect(isValidChineseId('11010519491231002X')).toBe(true);
    expect(L('id = "11010519491231002X"')).toBe('id = "110105************"');
    expect(L(' * @author 张三', 9)).toBeNull();
    expect(L('// Copyright (c) 2024 Foo Inc.', 10)).toBeNull();
    expect(L('-----BEGIN RSA PRIVATE KEY-----', 11)).not.toContain('BEGIN RSA');
    expect(L('MIIEowIBAAKCAQEAx3f9', 12)).not.toContain('MIIEow');
    expect(L('-----END RSA PRIVATE KEY-----', 13)).not.toContain('END RSA PRIVATE');
    // Password hashes, credentials in URLs and connection strings.
    expect(L("insert into sys_user values (1, 'admin', '$2a$10$7JB720yubVSZvUI0rEqK/.VqGOZTH.ulu33dHOiBE8ByOhJIrdAu2', '127.0.0.1');", 20)).toBe(
      "insert into sys_user values (1, 'admin', '$2a$************', 'x.x.x.x');",
    );
    expect(L('url: "jdbc:mysql://localhost:3306/ry?useSSL=false&user=root&password=Pa55word"', 21)).toBe('url: "jdbc:mysql://localhost:3306/ry?useSSL=false&user=root&password=********"');
    expect(L("redis = 'redis://default:s3cretPw@10.0.0.8:6379/0'", 22)).toBe("redis = 'redis://default:********@x.x.x.x:6379/0'");
    expect(L('password = request.form["password"]', 23)).toBe('password = request.form["password"]');
    expect(L('const 秘钥 = "k3yV4lue99"', 26)).toBe('const 秘钥 = "**********"');
    expect(L("hash = '$argon2id$v=19$m=65536,t=3,p=4$c2FsdHNhbHQ$aGFzaGhhc2g'", 27)).toBe("hash = '$argon2id$************'");
    s.beginFile('Shell');
    expect(L('export DB_PASSWORD=Root123456', 24)).toBe('export DB_PASSWORD=**********');
    expect(L('export DB_PASSWORD=${DB_PASSWORD}', 25)).toBe('export DB_PASSWORD=${DB_PASSWORD}');
    const kinds = s.report.findings.map((f) => f.kind);
    expect(kinds).toEqual(expect.arrayContaining(['api-key', 'password', 'ip', 'email', 'phone', 'id-number', 'author', 'private-key']));
    expect(s.report.findings.find((f) => f.kind === 'author')).toMatchObject({ file: 'a.js', line: 9, detail: '张三' });
    expect(kinds).toContain('hash');
  });

  it('passes over only lines that no pattern would change (the pre-test)', () => {
    // Pieces of what each pattern looks for, and of what merely resembles it.
    const pieces = ['key', 'get(key)', 'api_key = "x1y2z3w4"', 'accessKey: "abc123"', 'authKey=', 'authKey = "s3cr3tv4l"', '139 1234 5678', "private_key: 'k9k9k9'", 'PRIVATE KEY', 'pass', 'passed', 'password', 'PASSWD=', 'passphrase: "p4ss w0rd"', 'pwd', '?pwd=', '&token=', 'token = "abcd1234"', 'secret', '秘钥 = "v4lue"', '密码', '口令', '://', 'http://example.com/a', 'redis://u:p4ss@h', 'jdbc:mysql://root:Pa55!@db', '@', ' @param', 'a@b.cn', 'x@y', '@email', '@Contact', '@author', '// ', '# ', ' * ', 'Copyright', '(c) 2024', '©', 'All Rights Reserved', '作者：', '版权所有', '联系电话', '1.2.3', '10.0.0.1', '192.168.1.2', '13912345678', '010-12345678', '11010519491231002X', '$2a$10$' + 'a'.repeat(53), '$argon2id$v=19$m=1,t=2,p=1$c2FsdA$aGFzaA', '$6$salt$' + 'b'.repeat(43), 'AKIA' + 'A'.repeat(16), 'sk-' + 'x'.repeat(24), 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJlMTIz', ' = ', ': ', '"', "'", 'x', ' ', '-----BEGIN RSA PRIVATE KEY-----', '-----END RSA PRIVATE KEY-----'];
    fc.assert(
      fc.property(fc.array(fc.array(fc.constantFrom(...pieces), { maxLength: 6 }), { maxLength: 12 }), fc.constantFrom('JavaScript', 'Shell'), (lines, language) => {
        const fast = new Scrubber();
        const full = new Scrubber(undefined, { pretest: false });
        fast.beginFile(language);
        full.beginFile(language);
        lines.forEach((parts, i) => expect(fast.line('f', i + 1, parts.join(''))).toBe(full.line('f', i + 1, parts.join(''))));
        expect(fast.report).toEqual(full.report);
      }),
      { numRuns: 2000 },
    );
  });
});
