import { describe, expect, it } from 'vitest';
import { loadEnv } from './env';

describe('loadEnv', () => {
  it('defaults to the embedded database on port 3000', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: './data', SEED_DEMO: false, NODE_ENV: 'production' });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('reads PostgreSQL and flags', () => {
    const env = loadEnv({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/icehouse', SEED_DEMO: 'true', PORT: '8080' });
    expect(env).toMatchObject({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/icehouse', SEED_DEMO: true, PORT: 8080 });
  });

  it('lists every invalid variable at once', () => {
    expect(() => loadEnv({ PORT: 'abc', LOG_LEVEL: 'loud' })).toThrow(/PORT[\s\S]*LOG_LEVEL|LOG_LEVEL[\s\S]*PORT/);
  });
});
