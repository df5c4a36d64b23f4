import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { publicUrl } from './public-url.js';

const base = (PUBLIC_BASE_URL?: string, extra: Record<string, string> = {}) =>
  loadConfig({ NODE_ENV: 'test', ...(PUBLIC_BASE_URL === undefined ? {} : { PUBLIC_BASE_URL }), ...extra })
    .publicBaseUrl;

describe('PUBLIC_BASE_URL (issue #13 item 4)', () => {
  it('is normalised (trailing slashes dropped, host lower-cased) and links are built on it', () => {
    expect(base('https://Shop.Example.com/')).toBe('https://shop.example.com');
    expect(base('https://example.com/glass//')).toBe('https://example.com/glass');
    expect(base('http://10.0.0.5:8080')).toBe('http://10.0.0.5:8080');
    const config = loadConfig({ NODE_ENV: 'test', PUBLIC_BASE_URL: 'https://shop.example.com/' });
    expect(publicUrl(config, '/sign-approval/0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(
      'https://shop.example.com/sign-approval/0f8fad5b-d9cb-469f-a165-70867728950e',
    );
    expect(() => publicUrl(config, 'sign-approval/x')).toThrow();
    expect(() => publicUrl(config, '//evil.example.com/x')).toThrow();
  });

  it('defaults to http://localhost:<PORT> outside production and is required in production', () => {
    expect(base()).toBe('http://localhost:3000');
    expect(base(undefined, { PORT: '8081' })).toBe('http://localhost:8081');
    expect(() => loadConfig({ NODE_ENV: 'production', PASSWORD_PEPPER: 'p'.repeat(32) })).toThrow(
      /PUBLIC_BASE_URL must be set in production/,
    );
    expect(
      loadConfig({
        NODE_ENV: 'production',
        PASSWORD_PEPPER: 'p'.repeat(32),
        SECRETS_KEY: 's'.repeat(32),
        PUBLIC_BASE_URL: 'https://shop.example.com',
      }).publicBaseUrl,
    ).toBe('https://shop.example.com');
  });

  it.each([
    ['shop.example.com', /is not a URL/],
    ['/sign-approval', /is not a URL/],
    ['ftp://shop.example.com', /uses ftp/],
    ['javascript:alert(1)', /uses javascript/],
    ['https:shop.example.com', /has no host/],
    ['https://user:pw@shop.example.com', /user name or password/],
    ['https://shop.example.com/?a=1', /query or fragment/],
    ['https://shop.example.com/#x', /query or fragment/],
    ['https://shop.example.com?', /query or fragment/],
    ['https://shop.example.com/a%2F..', /unusual path/],
  ])('refuses %s with a clear message', (value, message) => {
    expect(() => base(value)).toThrow(message);
    expect(() => base(value)).toThrow(/PUBLIC_BASE_URL=.*expected an absolute http\(s\) URL/);
  });
});
