import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_AUDIT_RETENTION_DAYS } from './services/audit-log.js';
import { MAX_SAMPLE_COMMUNITIES } from './content/sample-communities.js';
import { LOWEST_PASSWORD_HASH_COST, PASSWORD_HASH_COST } from './services/passwords.js';
import { FILE_LIMITS } from './shared/file-limits.js';
import { PASSWORD_MIN_LENGTH, USERNAME_MAX_LENGTH } from './shared/staff-credentials.js';

/**
 * The environment, parsed once. This is the only module that reads process.env
 * (the contract in shared/spec/contract.md lists every variable).
 */
const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** An http(s) origin, optionally with a trailing slash: the site is served at the root of its host. */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && url.pathname === '/' && !url.search && !url.hash && !url.username;
  } catch {
    return false;
  }
}

const nonNegativeInt = (fallback: number) => z.coerce.number().int().min(0).default(fallback);

/**
 * s3://BUCKET or s3://BUCKET/PREFIX: a bucket name as S3 allows one (3–63 lowercase letters, digits, dots and
 * hyphens), then folder names of the same safe characters (plus capitals and underscores).
 */
const UPLOAD_STORE = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])((?:\/[A-Za-z0-9._-]+)*)\/?$/;

function isHttpUrl(value: string): boolean {
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
}

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATABASE_URL: z
      .string()
      .regex(/^(sqlite:.+|postgres(ql)?:\/\/.+)$/, 'must be sqlite:PATH or postgres://user:pass@host:port/db')
      .default('sqlite:data/site.sqlite'),
    DATA_DIR: z.string().min(1).default('data'),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(30),
    SESSION_MAX_HOURS: z.coerce.number().int().positive().default(12),
    ADMIN_USERNAME: z.string().trim().min(1).max(USERNAME_MAX_LENGTH).optional(),
    ADMIN_PASSWORD: z
      .string()
      .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
      .optional(),
    UPLOAD_DIR: z.string().min(1).default('data/uploads'),
    // The file library's limits (contract: PDFs ≤ 20 MB, videos ≤ 200 MB); lowered only to test them.
    PDF_MAX_BYTES: z.coerce.number().int().positive().max(FILE_LIMITS.pdf).default(FILE_LIMITS.pdf),
    VIDEO_MAX_BYTES: z.coerce.number().int().positive().max(FILE_LIMITS.video).default(FILE_LIMITS.video),
    UPLOAD_STORE: z
      .string()
      .regex(UPLOAD_STORE, 'must be s3://BUCKET or s3://BUCKET/PREFIX (e.g. s3://maplehollow-uploads/site)')
      .refine((value) => !value.split('/').includes('..'), 'must not contain ".." in its prefix')
      .optional(),
    // The AWS SDK's own variables, read here like every other setting and handed to the S3 client.
    AWS_REGION: z.string().trim().min(1).optional(),
    AWS_ACCESS_KEY_ID: z.string().min(1).optional(),
    AWS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    AWS_SESSION_TOKEN: z.string().min(1).optional(),
    AWS_ENDPOINT_URL_S3: z
      .string()
      .refine(isHttpUrl, 'must be an http(s) URL such as https://s3.example.com')
      .optional(),
    MAP_TILE_URL: z.string().url().default(DEFAULT_TILE_URL),
    MAP_API_KEY: z.string().min(1).optional(),
    SMTP_URL: z.string().url().optional(),
    CONTACT_TO: z.string().email().optional(),
    MAIL_FROM: z.string().email().optional(),
    LEAD_WEBHOOK_URL: z
      .string()
      .url()
      .refine((value) => /^https?:\/\//i.test(value), 'must be an http or https URL')
      .optional(),
    LEAD_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    CONTACT_RATE_LIMIT: nonNegativeInt(10),
    LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(5),
    AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).default(DEFAULT_AUDIT_RETENTION_DAYS),
    /** How many sample communities an empty database is seeded with (contract wave 4, "Demo and scale"). */
    SAMPLE_COMMUNITIES: z.coerce.number().int().min(1).max(MAX_SAMPLE_COMMUNITIES).default(1),
    PASSWORD_HASH_COST: z.coerce
      .number()
      .int()
      .min(LOWEST_PASSWORD_HASH_COST)
      .max(PASSWORD_HASH_COST)
      .default(PASSWORD_HASH_COST),
    SITE_URL: z
      .string()
      .refine(isOrigin, 'must be an origin such as https://maplehollow.example (http or https, no path)')
      .optional(),
    TRUST_PROXY: z.coerce.number().int().min(0).default(0),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'is required when NODE_ENV=production' });
    }
    // Links that leave the page (canonical, og:image, sitemap) are built from SITE_URL, never from the request's
    // Host header, which any client can set.
    if (env.NODE_ENV === 'production' && !env.SITE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SITE_URL'],
        message: 'is required when NODE_ENV=production (the public address, e.g. https://maplehollow.example)',
      });
    }
    // A cheaper hash is for test runs' many sign-ins: a live site keeps the cost of ADR 004.
    if (env.NODE_ENV === 'production' && env.PASSWORD_HASH_COST < PASSWORD_HASH_COST) {
      ctx.addIssue({
        code: 'custom',
        path: ['PASSWORD_HASH_COST'],
        message: `must be ${PASSWORD_HASH_COST} (the default) when NODE_ENV=production`,
      });
    }
    // The receiver tells a lead from a forgery only by the signature: no webhook is sent unsigned.
    if (env.LEAD_WEBHOOK_URL && !env.LEAD_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['LEAD_WEBHOOK_SECRET'],
        message: 'is required when LEAD_WEBHOOK_URL is set (the key of the X-Signature HMAC)',
      });
    }
    if (env.UPLOAD_STORE && !env.AWS_REGION) {
      ctx.addIssue({
        code: 'custom',
        path: ['AWS_REGION'],
        message: 'is required when UPLOAD_STORE is set (e.g. us-east-1; any name your S3-compatible service accepts)',
      });
    }
    if (Boolean(env.AWS_ACCESS_KEY_ID) !== Boolean(env.AWS_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['AWS_SECRET_ACCESS_KEY'],
        message: 'AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together',
      });
    }
    if (Boolean(env.ADMIN_USERNAME) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_PASSWORD'],
        message: 'ADMIN_USERNAME and ADMIN_PASSWORD must be set together',
      });
    }
  });

/** Where UPLOAD_STORE keeps uploads in S3-compatible storage, and how to reach it. */
export interface S3Target {
  bucket: string;
  /** '' or a key prefix ending in '/'. */
  prefix: string;
  region: string;
  /** AWS_ENDPOINT_URL_S3, for a service other than AWS (addressed path-style). */
  endpoint: string | undefined;
  /** The keys when given; otherwise the SDK's own chain finds them (instance role, ~/.aws). */
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | undefined;
}

export type DatabaseTarget = { client: 'sqlite'; filename: string } | { client: 'postgres'; connectionString: string };

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  database: DatabaseTarget;
  dataDir: string;
  sessionSecret: string | undefined;
  sessionIdleMs: number;
  sessionMaxMs: number;
  admin: { username: string; password: string } | undefined;
  uploadDir: string;
  /** UPLOAD_STORE: uploads in S3-compatible storage instead of uploadDir. */
  uploadStore: S3Target | undefined;
  /** The largest PDF and video the file library takes, in bytes. */
  fileLimits: { pdf: number; video: number };
  map: { tileUrl: string; attribution: string };
  mail: { smtpUrl: string; to: string; from: string } | undefined;
  /**
   * Where staff e-mails (invitations, password resets) go out: SMTP_URL alone is enough; the sender is MAIL_FROM,
   * else CONTACT_TO, else no-reply at the site's host.
   */
  staffMail: { smtpUrl: string; from: string } | undefined;
  /** How long audit rows are kept (AUDIT_RETENTION_DAYS, default two years), then pruned by age. */
  auditRetentionDays: number;
  /** SAMPLE_COMMUNITIES: how many sample communities an empty database is seeded with (default 1). */
  sampleCommunities: number;
  /** Where each stored non-spam lead is POSTed, signed with the secret. */
  leadWebhook: { url: string; secret: string } | undefined;
  contactRateLimit: number;
  loginRateLimit: number;
  /** scrypt's cost (log2 N) of the password hashes the site writes: PASSWORD_HASH_COST, lower only in test runs. */
  passwordHashCost: number;
  /** The public origin, without a trailing slash: SITE_URL, or http://localhost:PORT outside production. */
  siteUrl: string;
  /** SITE_URL was set: links in e-mails and passkeys use it, never the request's Host header. */
  siteUrlSet: boolean;
  trustProxy: number;
  logLevel: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function parseDatabaseUrl(url: string): DatabaseTarget {
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    return { client: 'sqlite', filename: file === ':memory:' ? file : path.resolve(file) };
  }
  return { client: 'postgres', connectionString: url };
}

function parseUploadStore(e: z.infer<typeof envSchema>): S3Target | undefined {
  const match = e.UPLOAD_STORE ? UPLOAD_STORE.exec(e.UPLOAD_STORE) : null;
  if (!match || !e.AWS_REGION) return undefined;
  const prefix = (match[2] ?? '').slice(1);
  return {
    bucket: match[1]!,
    prefix: prefix ? `${prefix}/` : '',
    region: e.AWS_REGION,
    endpoint: e.AWS_ENDPOINT_URL_S3,
    credentials:
      e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
        ? {
            accessKeyId: e.AWS_ACCESS_KEY_ID,
            secretAccessKey: e.AWS_SECRET_ACCESS_KEY,
            ...(e.AWS_SESSION_TOKEN && { sessionToken: e.AWS_SESSION_TOKEN }),
          }
        : undefined,
  };
}

function tileAttribution(tileUrl: string): string {
  return tileUrl.includes('openstreetmap.org')
    ? '&copy; <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener">OpenStreetMap<span class="visually-hidden"> (opens in a new tab)</span></a> contributors'
    : 'Map tiles &copy; their provider';
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const tileUrl = e.MAP_API_KEY ? e.MAP_TILE_URL.replaceAll('{key}', e.MAP_API_KEY) : e.MAP_TILE_URL;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    database: parseDatabaseUrl(e.DATABASE_URL),
    dataDir: path.resolve(e.DATA_DIR),
    sessionSecret: e.SESSION_SECRET,
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    sessionMaxMs: e.SESSION_MAX_HOURS * 3_600_000,
    admin:
      e.ADMIN_USERNAME && e.ADMIN_PASSWORD ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD } : undefined,
    uploadDir: path.resolve(e.UPLOAD_DIR),
    uploadStore: parseUploadStore(e),
    fileLimits: { pdf: e.PDF_MAX_BYTES, video: e.VIDEO_MAX_BYTES },
    map: { tileUrl, attribution: tileAttribution(tileUrl) },
    mail:
      e.SMTP_URL && e.CONTACT_TO
        ? { smtpUrl: e.SMTP_URL, to: e.CONTACT_TO, from: e.MAIL_FROM ?? e.CONTACT_TO }
        : undefined,
    staffMail: e.SMTP_URL
      ? {
          smtpUrl: e.SMTP_URL,
          from: e.MAIL_FROM ?? e.CONTACT_TO ?? `no-reply@${e.SITE_URL ? new URL(e.SITE_URL).hostname : 'localhost'}`,
        }
      : undefined,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    sampleCommunities: e.SAMPLE_COMMUNITIES,
    leadWebhook:
      e.LEAD_WEBHOOK_URL && e.LEAD_WEBHOOK_SECRET
        ? { url: e.LEAD_WEBHOOK_URL, secret: e.LEAD_WEBHOOK_SECRET }
        : undefined,
    contactRateLimit: e.CONTACT_RATE_LIMIT,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    passwordHashCost: e.PASSWORD_HASH_COST,
    siteUrl: e.SITE_URL ? new URL(e.SITE_URL).origin : `http://localhost:${e.PORT}`,
    siteUrlSet: Boolean(e.SITE_URL),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
  };
}
