import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchAgreement } from './content';
import { http } from './request';

describe('agreement texts', () => {
  const seen: InternalAxiosRequestConfig[] = [];
  const original = http.defaults.adapter;
  afterEach(() => {
    http.defaults.adapter = original;
    seen.length = 0;
  });

  it('reads the privacy policy from the spec’s GET /api/getPrivacyAgreement and the service agreement by type', async () => {
    const adapter: AxiosAdapter = async (config) => {
      seen.push(config);
      return { data: { code: 200, msg: '', data: { type: 1, title: 't', content: '<p>c</p>', version: 1 } }, status: 200, statusText: '', headers: {}, config };
    };
    http.defaults.adapter = adapter;
    await fetchAgreement(2);
    await fetchAgreement(1);
    expect(seen.map((c) => `${c.method} ${http.getUri(c)}`)).toEqual(['get /api/getPrivacyAgreement', 'get /api/getAgreement?type=1']);
  });
});
