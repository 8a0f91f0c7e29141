import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Every environment variable the server reads, checked once at start.
 * Nothing else in the server reads process.env.
 */
const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** proxy-addr's names for address ranges (Fastify's trustProxy understands them). */
const RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const isAddressOrRange = (item: string) => {
  if (RANGE_NAMES.includes(item)) return true;
  const [address, bits, extra] = item.split('/');
  const version = isIP(address ?? '');
  if (version === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
};

/**
 * TRUST_PROXY: false (the default: the socket's address is the client's), true (every X-Forwarded-For hop
 * is believed: only when the proxy replaces the header, as deploy/haproxy.cfg does), or the proxies'
 * addresses/ranges, comma-separated (the client is the nearest address not in the list: cannot be spoofed
 * with a forged header whatever the proxy does).
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): boolean | string[] => {
    const lower = value.toLowerCase();
    if (['true', '1', 'yes'].includes(lower)) return true;
    if (['false', '0', 'no', ''].includes(lower)) return false;
    const items = value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
    const bad = items.filter((item) => !isAddressOrRange(item));
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `true, false, or the proxies' addresses (IP or CIDR, comma-separated); not an address: ${bad.join(', ')}`,
      });
      return z.NEVER;
    }
    return items;
  });

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** PostgreSQL connection string; when unset the embedded PGlite database is used. */
    DATABASE_URL: z.string().url().optional(),
    /** Data folder of the embedded database (ignored when DATABASE_URL is set). */
    DATA_DIR: z.string().min(1).default('./data'),
    /** Seed the demo catalogue, users and orders when the database holds no orders yet. */
    SEED_DEMO: booleanish.default(false),
    /** Built web app to serve for every non-API path; defaults to apps/web/dist. */
    WEB_DIST_DIR: z.string().optional(),
    /** First start: when no user exists, these create the first superuser. */
    ADMIN_USERNAME: z.string().min(1).optional(),
    ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
    /** Trust X-Forwarded-* headers from these proxies (behind a reverse proxy / load balancer): see `trustProxy`. */
    TRUST_PROXY: trustProxy.default(false),
    /** Chromium for PDFs; when unset the usual system paths are tried (/usr/bin/chromium, ...). */
    CHROME_PATH: z.string().trim().optional(),
    /** PDFs rendered at once (one page each); more wait in a queue. */
    PDF_MAX_CONCURRENT: z.coerce.number().int().min(1).max(32).default(2),
    /** Folder of the blob store (uploaded files by SHA-256); default `<DATA_DIR>/blobs`. Unused with BLOB_S3_BUCKET. */
    BLOB_DIR: z.string().trim().min(1).optional(),
    /** S3-compatible bucket for the blob store (what several instances share); unset: the BLOB_DIR folder. */
    BLOB_S3_BUCKET: z.string().trim().min(3).optional(),
    /** Key prefix inside the bucket, e.g. `icehouse/`. */
    BLOB_S3_PREFIX: z.string().trim().default(''),
    BLOB_S3_REGION: z.string().trim().min(1).default('us-east-1'),
    /** Endpoint of a non-AWS store (MinIO, Ceph, R2...); unset for AWS S3. */
    BLOB_S3_ENDPOINT: z.string().url().optional(),
    /** Both or neither; neither: the AWS SDK's default credentials (environment, profile, instance role). */
    BLOB_S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
    BLOB_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** Path-style addressing (`endpoint/bucket/key`), which most self-hosted stores need. */
    BLOB_S3_FORCE_PATH_STYLE: booleanish.default(false),
    /** Requests one API token may make per minute, counted in the database for every instance; past it 429. */
    API_TOKEN_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(600),
    /** Deliver webhooks to loopback, link-local and private addresses (tests, closed networks); refused by default. */
    WEBHOOK_ALLOW_PRIVATE_TARGETS: booleanish.default(false),
    /**
     * Where GET /metrics (Prometheus) is served: `host:port` or `:port` (every interface), an address of its
     * own beside PORT (decision 246). Unset: no metrics are served.
     */
    METRICS_ADDRESS: z
      .string()
      .trim()
      .regex(/^(\[[0-9a-fA-F:.]+\]|[^\s:[\]]*):\d{1,5}$/, 'host:port or :port, e.g. 127.0.0.1:9464')
      .transform((v) => {
        const at = v.lastIndexOf(':');
        return { host: v.slice(0, at).replace(/^\[|\]$/g, '') || '0.0.0.0', port: Number(v.slice(at + 1)) };
      })
      .refine((a) => a.port >= 1 && a.port <= 65535, 'the port must be 1 to 65535')
      .optional(),
    /**
     * On SIGTERM, seconds /readyz answers 503 "shutting down" while everything else is still served, so a
     * load balancer's check takes this process out of rotation before it stops answering.
     */
    SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(120).default(5),
    /** SMTP server for emailing invoices and bills of lading, e.g. `smtp://user:pass@mail.example.com:587`; unset: email is kept as not sent. */
    SMTP_URL: z.string().trim().url().optional(),
    /**
     * The address customers reach this app at (e.g. `https://orders.example.com`): customer links in emails are
     * built from it, never from a request's Host header. Unset: `http://localhost:<PORT>` (links then work on this
     * machine only; the server logs a warning at start).
     */
    PUBLIC_BASE_URL: z
      .string()
      .trim()
      .url()
      .refine((v) => /^https?:\/\//i.test(v), 'must start with http:// or https://')
      .transform((v) => v.replace(/\/+$/, ''))
      .optional(),
  })
  .refine(
    (env) => (env.BLOB_S3_ACCESS_KEY_ID === undefined) === (env.BLOB_S3_SECRET_ACCESS_KEY === undefined),
    {
      path: ['BLOB_S3_SECRET_ACCESS_KEY'],
      message: 'set BLOB_S3_ACCESS_KEY_ID and BLOB_S3_SECRET_ACCESS_KEY together (or neither)',
    },
  );

export type Env = z.infer<typeof envSchema>;

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return result.data;
}
