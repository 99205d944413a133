import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, isLoopbackHttp, loadConfig, S3_VARIABLES } from './config';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

const S3_ENV = {
  S3_ENDPOINT: 'https://minio.example.org:9000',
  S3_BUCKET: 'lampstand-files',
  S3_REGION: 'us-east-1',
  S3_ACCESS_KEY_ID: 'lampstand',
  S3_SECRET_ACCESS_KEY: 'very-secret',
};

/** Files on S3-compatible storage (decision 0035): all five S3_* variables or none. */
describe('S3 settings', () => {
  it('without any S3_* variable files stay on disk', () => {
    expect(loadConfig({}).s3).toBeNull();
    expect(loadConfig({ S3_FORCE_PATH_STYLE: '0', S3_BUCKET: '  ' }).s3).toBeNull();
  });

  it('with all five the files go to that bucket, path-style unless S3_FORCE_PATH_STYLE=0', () => {
    expect(loadConfig(S3_ENV).s3).toEqual({
      endpoint: 'https://minio.example.org:9000',
      bucket: 'lampstand-files',
      region: 'us-east-1',
      accessKeyId: 'lampstand',
      secretAccessKey: 'very-secret',
      forcePathStyle: true,
    });
    expect(loadConfig({ ...S3_ENV, S3_FORCE_PATH_STYLE: '0' }).s3?.forcePathStyle).toBe(false);
    expect(loadConfig({ ...S3_ENV, S3_FORCE_PATH_STYLE: 'false' }).s3?.forcePathStyle).toBe(false);
    expect(loadConfig({ ...S3_ENV, S3_FORCE_PATH_STYLE: '1' }).s3?.forcePathStyle).toBe(true);
    expect(loadConfig({ ...S3_ENV, S3_BUCKET: ' lampstand-files ' }).s3?.bucket).toBe('lampstand-files');
  });

  it('some but not all is a start-up error that names every missing variable', () => {
    for (const name of S3_VARIABLES) {
      const env: Record<string, string> = { ...S3_ENV };
      delete env[name];
      expect(() => loadConfig(env), name).toThrow(ConfigError);
      expect(() => loadConfig(env), name).toThrow(`; missing: ${name}.`);
    }
    expect(() => loadConfig({ S3_BUCKET: 'lampstand-files', S3_REGION: '' })).toThrow(
      'Files on S3-compatible storage need all of S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY; ' +
        'missing: S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY.',
    );
  });

  it('refuses an endpoint that is not an http(s) URL and a bucket name S3 would refuse', () => {
    expect(() => loadConfig({ ...S3_ENV, S3_ENDPOINT: 'minio:9000' })).toThrow(/^S3_ENDPOINT must start with http:\/\/ or https:\/\//);
    expect(() => loadConfig({ ...S3_ENV, S3_ENDPOINT: 'not a url' })).toThrow(/^S3_ENDPOINT is not a URL: not a url/);
    for (const bucket of ['ab', 'Lampstand', 'lamp_stand', '-lampstand', 'lampstand-', 'a'.repeat(64)]) {
      expect(() => loadConfig({ ...S3_ENV, S3_BUCKET: bucket }), bucket).toThrow(`S3_BUCKET is not a bucket name: ${bucket}`);
    }
    for (const bucket of ['abc', 'lampstand.files', 'a'.repeat(63), 'church-2024']) {
      expect(loadConfig({ ...S3_ENV, S3_BUCKET: bucket }).s3?.bucket, bucket).toBe(bucket);
    }
  });

  it('the secret never appears in an error message', () => {
    const messages = [
      { ...S3_ENV, S3_REGION: '' },
      { ...S3_ENV, S3_ENDPOINT: 'ftp://x' },
      { ...S3_ENV, S3_BUCKET: 'X' },
    ].map((env) => {
      try {
        loadConfig(env);
        return '';
      } catch (err) {
        return (err as Error).message;
      }
    });
    expect(messages.every((m) => m !== '' && !m.includes('very-secret'))).toBe(true);
  });
});

describe('the server with part of the S3 settings', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-s3-config-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('stops at start-up with the message alone, before touching the data directory', { timeout: 60_000 }, async () => {
    const dataDir = path.join(dir, 'data');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: '0',
      S3_BUCKET: 'lampstand-files',
      S3_REGION: 'eu',
    };
    for (const name of ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) delete env[name];
    const result = await run(TSX, ['src/server/main.ts'], { cwd: ROOT, env, timeout: 30_000 }).then(
      () => ({ code: 0, stderr: '' }),
      (err: { code: number | null; stderr: string }) => err,
    );
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      'Files on S3-compatible storage need all of S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY; ' +
        'missing: S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY.',
    );
    expect(fs.existsSync(dataDir)).toBe(false);
  });
});

describe('APP_ORIGIN', () => {
  it('a bad origin is a start-up error (ConfigError: said without a stack)', () => {
    expect(() => loadConfig({ APP_ORIGIN: 'lampstand.example.org' })).toThrow(ConfigError);
    expect(() => loadConfig({ APP_ORIGIN: 'ftp://lampstand.example.org' })).toThrow(ConfigError);
    expect(loadConfig({ APP_ORIGIN: 'https://lampstand.example.org/path/' }).appOrigin).toBe('https://lampstand.example.org');
  });
});

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
