import { describe, expect, it } from 'vitest';
import { isLoopbackHttp, loadConfig } from './config';

const OIDC = { OIDC_ISSUER: 'https://accounts.example.org', OIDC_CLIENT_ID: 'lampstand', OIDC_CLIENT_SECRET: 's3cret' };

describe('single sign-on configuration (OIDC_*)', () => {
  it('is off without the variables', () => {
    expect(loadConfig({}).oidc).toBeNull();
  });

  it('reads the provider, a default label and the redirect URI under APP_ORIGIN', () => {
    expect(loadConfig({ ...OIDC, APP_ORIGIN: 'https://lampstand.example.org/' }).oidc).toEqual({
      issuer: 'https://accounts.example.org',
      clientId: 'lampstand',
      clientSecret: 's3cret',
      label: 'Single Sign-On',
      redirectUri: 'https://lampstand.example.org/api/auth/oidc/callback',
    });
    expect(loadConfig({ ...OIDC, OIDC_LABEL: ' Google ' }).oidc?.label).toBe('Google');
    expect(loadConfig({ ...OIDC, PORT: '4000' }).oidc?.redirectUri).toBe('http://localhost:4000/api/auth/oidc/callback');
  });

  it.each(['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const)('refuses to start with %s missing from the three', (name) => {
    const env: Record<string, string> = { ...OIDC };
    delete env[name];
    expect(() => loadConfig(env)).toThrow(new RegExp(`missing: ${name}`));
  });

  it('needs https, except for a provider on this machine', () => {
    expect(() => loadConfig({ ...OIDC, OIDC_ISSUER: 'http://accounts.example.org' })).toThrow(/must start with https/);
    expect(() => loadConfig({ ...OIDC, OIDC_ISSUER: 'not a url' })).toThrow(/not a URL/);
    expect(loadConfig({ ...OIDC, OIDC_ISSUER: 'http://127.0.0.1:4010' }).oidc?.issuer).toBe('http://127.0.0.1:4010');
    expect(isLoopbackHttp('http://localhost:4010')).toBe(true);
    expect(isLoopbackHttp('https://localhost:4010')).toBe(false);
    expect(isLoopbackHttp('http://10.0.0.2')).toBe(false);
  });
});
