import { expect } from 'chai';
import fs from 'node:fs/promises';
import https from 'node:https';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { loadConfig } from '../../src/config.js';
import { SECURE_SESSION_COOKIE } from '../../src/web/staff-session.js';
import { freePorts } from '../support/child-server.js';
import { deployDocBlock, runTool } from '../support/deploy-doc.js';
import { selfSignedCertificate, startNginx, writeNginxMainConfig, type RunningNginx } from '../support/nginx.js';
import { POSTGRES_COMMANDS, startPostgres, type RunningPostgres } from '../support/postgres-server.js';
import { describeWithCommands } from '../support/require-command.js';
import { startS3Server, type RunningS3 } from '../support/s3-server.js';
import { STAFF_ENV, STAFF_PASSWORD } from '../support/staff.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * docs/deploy.md §8 as printed: the environment lines and the nginx config for two app instances on PostgreSQL and
 * S3 storage, run on loopback with a throwaway PostgreSQL, a real S3 API server (s3rver) and HTTPS.
 */
const DOMAIN = 'maplehollow.example';
const SECTION = '8. Past one machine';

/** NAME=value lines of a doc block (comments and blank lines skipped). */
function envLines(block: string): Record<string, string> {
  const lines = block.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#'));
  return Object.fromEntries(lines.map((line) => line.split(/=(.*)/).slice(0, 2) as [string, string]));
}

/** §3's environment file with §8's lines in place of its own, placeholders filled in. */
function scaleOutEnvironment(): Record<string, string> {
  const base = envLines(/<<'EOF'\n([\s\S]*?)\nEOF/.exec(deployDocBlock('3. Configuration', 'sh'))?.[1] ?? '');
  const env = { ...base, ...envLines(deployDocBlock(SECTION, 'sh')) };
  delete env.UPLOAD_DIR;
  return Object.fromEntries(
    Object.entries(env).map(([name, value]) => [
      name,
      value.startsWith('<output of: openssl rand') ? 'x'.repeat(64) : value.replace(/<[^>]+>/g, 'placeholder'),
    ]),
  );
}

describe('docs/deploy.md §8: the environment of each instance', () => {
  it('starts in production on PostgreSQL with uploads in the S3 bucket, as printed', () => {
    const config = loadConfig(scaleOutEnvironment());
    expect(config.env).to.equal('production');
    expect(config.database.client).to.equal('postgres');
    expect(config.host).to.equal('0.0.0.0');
    expect(config.uploadStore).to.include({ bucket: 'maplehollow-uploads', prefix: 'site/', region: 'us-east-1' });
  });
});

describeWithCommands(
  ['nginx', 'openssl', ...POSTGRES_COMMANDS],
  'docs/deploy.md §8: two instances behind nginx on PostgreSQL and S3',
  function () {
    this.timeout(120_000);
    let dir: string;
    let certificate: { cert: string; key: string };
    let postgres: RunningPostgres;
    let s3: RunningS3;
    let a: TestServer;
    let b: TestServer;
    let nginx: RunningNginx;
    let httpsPort: number;
    let ca: Buffer;

    const withCertificates = (config: string) =>
      config
        .replace(`/etc/letsencrypt/live/${DOMAIN}/fullchain.pem`, certificate.cert)
        .replace(`/etc/letsencrypt/live/${DOMAIN}/privkey.pem`, certificate.key)
        .replace('/var/cache/nginx/maplehollow', path.join(dir, 'cache'));

    before(async () => {
      dir = await fs.mkdtemp(path.join(os.tmpdir(), 'deploy-scale-out-'));
      certificate = await selfSignedCertificate(dir, DOMAIN);
      postgres = await startPostgres();
      const store = loadConfig(scaleOutEnvironment()).uploadStore!;
      s3 = await startS3Server(store.bucket);
      // The doc's lines; only what a loopback run must change: the database, the S3 endpoint and its keys.
      const { DATABASE_URL: _database, HOST: _host, PORT: _port, ...doc } = scaleOutEnvironment();
      const env = {
        ...doc,
        ...STAFF_ENV,
        AWS_ENDPOINT_URL_S3: s3.url,
        AWS_ACCESS_KEY_ID: s3.env().AWS_ACCESS_KEY_ID!,
        AWS_SECRET_ACCESS_KEY: s3.env().AWS_SECRET_ACCESS_KEY!,
        CONTACT_RATE_LIMIT: '3',
      };
      a = await startTestServer(env, { postgres: postgres.adminUrl });
      b = await startTestServer(env, { sameStorageAs: a });
      const [httpPort, secondPort] = (await freePorts(2)) as [number, number];
      httpsPort = secondPort;
      ca = await fs.readFile(certificate.cert);
      const site = withCertificates(deployDocBlock(SECTION, 'nginx'))
        .replace(/^\s*listen \[::\].*\n/gm, '')
        .replace(/listen 80;/, `listen 127.0.0.1:${httpPort};`)
        .replace(/listen 443 /, `listen 127.0.0.1:${httpsPort} `)
        .replace('server 10.0.0.11:3000', `server 127.0.0.1:${new URL(a.url).port}`)
        .replace('server 10.0.0.12:3000', `server 127.0.0.1:${new URL(b.url).port}`);
      nginx = await startNginx(dir, await writeNginxMainConfig(dir, site), httpsPort);
    });
    after(async () => {
      await nginx?.stop();
      await b?.close();
      await a?.close();
      await s3?.stop();
      await postgres?.stop();
      if (dir) await fs.rm(dir, { recursive: true, force: true });
    });

    function proxied(
      pathname: string,
      init: { method?: string; headers?: Record<string, string>; body?: Buffer | string } = {},
    ): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
      return new Promise((resolve, reject) => {
        const request = https.request(
          {
            host: '127.0.0.1',
            port: httpsPort,
            servername: DOMAIN,
            ca,
            method: init.method ?? 'GET',
            path: pathname,
            headers: { Host: DOMAIN, ...init.headers },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () =>
              resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
            );
          },
        );
        request.on('error', reject);
        request.end(init.body);
      });
    }

    it('nginx -t accepts the config as printed', async () => {
      const main = await writeNginxMainConfig(dir, withCertificates(deployDocBlock(SECTION, 'nginx')));
      const result = await runTool('nginx', ['-t', '-p', dir, '-c', main]);
      expect(result.code, result.output).to.equal(0);
    });

    it('CONTACT_RATE_LIMIT=3 holds for one client although nginx sends its posts to both instances in turn', async () => {
      const statuses: number[] = [];
      for (let i = 1; i <= 4; i += 1) {
        const response = await proxied('/contact/submit', {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            firstname: 'Rae',
            lastname: 'Ng',
            email: 'rae@example.com',
            phone: '(970) 555-0111',
            subject: `Through two instances ${i}`,
            message: 'Hello',
          }).toString(),
        });
        statuses.push(response.status);
      }
      expect(statuses).to.deep.equal([200, 200, 200, 429]);
    });

    it('an image staff upload through nginx is kept in the bucket and answers on every instance with the year-long cache', async () => {
      const login = await proxied('/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username: 'staff', password: STAFF_PASSWORD }).toString(),
      });
      expect(login.status).to.equal(303);
      const cookie =
        (login.headers['set-cookie'] ?? []).find((value) => value.startsWith(SECURE_SESSION_COOKIE))?.split(';')[0] ??
        '';
      const admin = (await proxied('/admin', { headers: { Cookie: cookie } })).body.toString();
      const token = /<meta name="csrf-token" content="([^"]+)"/.exec(admin)?.[1] ?? '';
      expect(token).to.have.length.greaterThan(20);

      const form = new FormData();
      form.append('alt', 'Through nginx into the bucket');
      const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#2a6' } })
        .png()
        .toBuffer();
      form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'site.png');
      const multipart = new Request('https://upload.invalid/', { method: 'POST', body: form });
      const upload = await proxied('/admin/upload/homepageimage', {
        method: 'POST',
        headers: {
          Cookie: cookie,
          'X-CSRF-Token': token,
          Accept: 'application/json',
          'Content-Type': multipart.headers.get('content-type') ?? '',
        },
        body: Buffer.from(await multipart.arrayBuffer()),
      });
      expect(upload.status, upload.body.toString()).to.equal(201);
      const { url } = JSON.parse(upload.body.toString()) as { url: string };
      const folder = url.split('/')[2];
      expect(await s3.keys(`site/${folder}/`)).to.include(`site/${folder}/${url.split('/')[3]}`);

      // Round-robin: these four requests reach each instance twice.
      for (let i = 0; i < 4; i += 1) {
        const image = await proxied(url);
        expect(image.status).to.equal(200);
        expect(image.headers['content-type']).to.equal('image/png');
        expect(image.headers['cache-control']).to.equal('public, max-age=31536000, immutable');
      }
    });
  },
);
