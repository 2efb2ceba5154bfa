import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { ConfigError, loadConfig } from '../../src/config.js';
import { MESSAGES } from '../../src/shared/constants.js';
import { SECURE_SESSION_COOKIE } from '../../src/web/staff-session.js';
import { screenshot, waitForHydration } from '../browser/support.js';
import { launchBrowser } from '../support/browser.js';
import { freePorts } from '../support/child-server.js';
import { DEPLOY_DOC, deployDocBlock, runTool } from '../support/deploy-doc.js';
import { describeWithCommands } from '../support/require-command.js';
import { selfSignedCertificate, startNginx, writeNginxMainConfig, type RunningNginx } from '../support/nginx.js';
import { STAFF_ENV, STAFF_PASSWORD } from '../support/staff.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * docs/deploy.md tried as a new operator would on this machine: its systemd units, nginx and Caddy configs are
 * checked by the tools themselves, exactly as printed in the doc, and the site is run behind the doc's nginx
 * config on loopback and browsed. systemd cannot start units here (it is not PID 1), so the units are verified
 * and scored, not started.
 */
const DOMAIN = 'maplehollow.example';

async function scratchDir(): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), 'deploy-doc-'));
}

/** Removes a scratch folder, if its `before` got as far as making one. */
async function removeScratchDir(dir: string | undefined): Promise<void> {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
}

/** The variables of /etc/maplehollow.env as the doc writes them (the heredoc of §3), placeholders filled in. */
function deployDocEnvironment(): Record<string, string> {
  const script = deployDocBlock('3. Configuration', 'sh');
  const file = /<<'EOF'\n([\s\S]*?)\nEOF/.exec(script)?.[1] ?? '';
  const lines = file.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#'));
  return Object.fromEntries(
    lines.map((line) => {
      const [name = '', value = ''] = line.split(/=(.*)/);
      return [name, value.startsWith('<output of: openssl rand') ? 'x'.repeat(64) : value];
    }),
  );
}

describe('docs/deploy.md, tried as an operator would', function () {
  this.timeout(120_000);

  describe('the environment file', () => {
    it('starts the site in production as printed, with its public address from SITE_URL', () => {
      const config = loadConfig(deployDocEnvironment());
      expect(config.env).to.equal('production');
      expect(config.siteUrl).to.equal(`https://${DOMAIN}`);
      expect(config.trustProxy).to.equal(1);
    });

    it('is refused without SESSION_SECRET or SITE_URL, as the doc says, naming each', () => {
      for (const name of ['SESSION_SECRET', 'SITE_URL']) {
        const env = deployDocEnvironment();
        delete env[name];
        expect(() => loadConfig(env), name).to.throw(ConfigError, `${name}: is required when NODE_ENV=production`);
      }
      expect(readFileSync(DEPLOY_DOC, 'utf8')).to.include('`SESSION_SECRET` and `SITE_URL` are required in production');
    });
  });

  describeWithCommands(['systemd-analyze'], 'systemd units', () => {
    let dir: string;
    before(async () => {
      dir = await scratchDir();
    });
    after(() => removeScratchDir(dir));

    async function verify(files: Record<string, string>) {
      for (const [name, text] of Object.entries(files)) await fs.writeFile(path.join(dir, name), text);
      return runTool('systemd-analyze', ['verify', ...Object.keys(files).map((name) => path.join(dir, name))], {
        cwd: dir,
      });
    }

    it('the site unit passes systemd-analyze verify without a complaint; a broken copy does not', async () => {
      const unit = deployDocBlock('4. systemd', 'ini');
      expect(unit).to.include('ExecStart=/usr/bin/node --enable-source-maps build/server/server.js');
      const good = await verify({ 'maplehollow.service': unit });
      expect(good.output.trim(), good.output).to.equal('');
      expect(good.code).to.equal(0);

      const broken = await verify({
        'maplehollow.service': unit.replace('Restart=on-failure', 'Restart=sometimes'),
      });
      expect(broken.output).to.include('Failed to parse service restart specifier');
    });

    it('the site unit is hardened: systemd-analyze security rates its exposure below 2.0 ("OK")', async () => {
      await fs.writeFile(path.join(dir, 'maplehollow.service'), deployDocBlock('4. systemd', 'ini'));
      const { output } = await runTool('systemd-analyze', [
        'security',
        '--offline=true',
        path.join(dir, 'maplehollow.service'),
      ]);
      const exposure = Number(/Overall exposure level for maplehollow\.service: ([\d.]+)/.exec(output)?.[1]);
      expect(exposure, output).to.be.a('number').and.lessThan(2);
    });

    it('the backup service and its daily timer pass systemd-analyze verify without a complaint', async () => {
      const service = deployDocBlock('6. Backups', 'ini', 0);
      const timer = deployDocBlock('6. Backups', 'ini', 1);
      expect(service).to.include('ExecStart=/usr/bin/node --import tsx scripts/backup.ts /srv/maplehollow/backups');
      expect(timer).to.include('OnCalendar=');
      const result = await verify({ 'maplehollow-backup.service': service, 'maplehollow-backup.timer': timer });
      expect(result.output.trim(), result.output).to.equal('');
      expect(result.code).to.equal(0);
    });
  });

  describeWithCommands(['caddy'], 'Caddy', () => {
    let dir: string;
    before(async () => {
      dir = await scratchDir();
    });
    after(() => removeScratchDir(dir));

    const caddy = (args: string[]) =>
      runTool('caddy', args, {
        cwd: dir,
        env: { ...process.env, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
      });

    it('caddy validate accepts the Caddyfile and caddy fmt would not change it; a broken copy fails', async () => {
      const caddyfile = deployDocBlock('Caddy', 'caddy');
      await fs.writeFile(path.join(dir, 'Caddyfile'), caddyfile);
      const valid = await caddy(['validate', '--config', 'Caddyfile', '--adapter', 'caddyfile']);
      expect(valid.code, valid.output).to.equal(0);
      expect(valid.output).to.include('Valid configuration');
      expect(valid.output).to.not.include('not formatted');
      const formatted = await caddy(['fmt', 'Caddyfile']);
      expect(formatted.output).to.equal(caddyfile);

      await fs.writeFile(path.join(dir, 'Broken'), caddyfile.replace('max_size 11MB', 'max_size eleven'));
      const broken = await caddy(['validate', '--config', 'Broken', '--adapter', 'caddyfile']);
      expect(broken.code).to.not.equal(0);
    });
  });

  // openssl makes the throwaway certificate.
  describeWithCommands(['nginx', 'openssl'], 'nginx', () => {
    let dir: string;
    let certificate: { cert: string; key: string };
    before(async () => {
      dir = await scratchDir();
      certificate = await selfSignedCertificate(dir, DOMAIN);
    });
    after(() => removeScratchDir(dir));

    /** The doc's config with the certificates and the cache folder inside the scratch folder, nothing else changed. */
    const withCertificates = (config: string) =>
      config
        .replace(`/etc/letsencrypt/live/${DOMAIN}/fullchain.pem`, certificate.cert)
        .replace(`/etc/letsencrypt/live/${DOMAIN}/privkey.pem`, certificate.key)
        .replace('/var/cache/nginx/maplehollow', path.join(dir, 'cache'));

    it('nginx -t accepts the site config as printed; a broken copy fails', async () => {
      const site = withCertificates(deployDocBlock('nginx', 'nginx'));
      const main = await writeNginxMainConfig(dir, site);
      const good = await runTool('nginx', ['-t', '-p', dir, '-c', main]);
      expect(good.code, good.output).to.equal(0);
      expect(good.output).to.include('test is successful');

      const brokenMain = await writeNginxMainConfig(
        dir,
        site.replace('client_max_body_size 11m;', 'client_max_body_size;'),
      );
      const broken = await runTool('nginx', ['-t', '-p', dir, '-c', brokenMain]);
      expect(broken.code).to.not.equal(0);
    });

    describe('the site behind it on loopback (HTTPS, production settings, TRUST_PROXY=1)', () => {
      let server: TestServer;
      let nginx: RunningNginx;
      let httpPort: number;
      let httpsPort: number;
      let ca: Buffer;

      before(async () => {
        server = await startTestServer({
          ...STAFF_ENV,
          NODE_ENV: 'production',
          TRUST_PROXY: '1',
          SESSION_SECRET: 'a throwaway secret for the proxy test, 48 characters',
          SITE_URL: `https://${DOMAIN}`,
          CONTACT_RATE_LIMIT: '3',
        });
        [httpPort, httpsPort] = (await freePorts(2)) as [number, number];
        ca = await fs.readFile(certificate.cert);
        const appPort = new URL(server.url).port;
        // Only what a loopback run must change: ports, no IPv6 listeners, the app's port.
        const site = withCertificates(deployDocBlock('nginx', 'nginx'))
          .replace(/^\s*listen \[::\].*\n/gm, '')
          .replace(/listen 80;/, `listen 127.0.0.1:${httpPort};`)
          .replace(/listen 443 /, `listen 127.0.0.1:${httpsPort} `)
          .replaceAll('proxy_pass http://127.0.0.1:3000;', `proxy_pass http://127.0.0.1:${appPort};`);
        nginx = await startNginx(dir, await writeNginxMainConfig(dir, site), httpsPort);
      });
      after(async () => {
        await nginx?.stop();
        await server?.close();
      });

      /** One HTTPS request to nginx, trusting the throwaway certificate, as a browser at https://DOMAIN would. */
      async function proxied(
        pathname: string,
        init: { method?: string; headers?: Record<string, string>; body?: Buffer | string; from?: string } = {},
      ): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
        return new Promise((resolve, reject) => {
          const request = https.request(
            {
              host: '127.0.0.1',
              port: httpsPort,
              // Any 127.x address is this machine: a different one is a different client to nginx.
              localAddress: init.from ?? '127.0.0.1',
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

      const text = (body: Buffer, headers: http.IncomingHttpHeaders) =>
        (headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(body) : body).toString('utf8');

      it('redirects plain HTTP to HTTPS', async () => {
        const status = await new Promise<{ code: number; location: string | undefined }>((resolve, reject) => {
          http
            .get({ host: '127.0.0.1', port: httpPort, path: '/contact', headers: { Host: DOMAIN } }, (response) => {
              response.resume();
              resolve({ code: response.statusCode ?? 0, location: response.headers.location });
            })
            .on('error', reject);
        });
        expect(status).to.deep.equal({ code: 301, location: `https://${DOMAIN}/contact` });
      });

      it("serves the pages over HTTPS, compressed, with the app's security headers and canonical URLs", async () => {
        const home = await proxied('/', { headers: { 'Accept-Encoding': 'gzip' } });
        expect(home.status).to.equal(200);
        expect(home.headers['content-encoding']).to.equal('gzip');
        expect(home.headers['strict-transport-security']).to.include('max-age=63072000');
        expect(home.headers['content-security-policy']).to.include("script-src 'self'");
        const html = text(home.body, home.headers);
        expect(html).to.include(`<link rel="canonical" href="https://${DOMAIN}/"`);
        const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
        expect(script, 'the home page loads its widget script').to.be.a('string');

        const asset = await proxied(script ?? '', { headers: { 'Accept-Encoding': 'gzip' } });
        expect(asset.status).to.equal(200);
        expect(asset.headers['cache-control'], "one Cache-Control, the app's").to.equal(
          'public, max-age=31536000, immutable',
        );
        expect(asset.headers['content-encoding']).to.equal('gzip');
        expect(asset.headers['content-type']).to.match(/javascript/);
        const again = await proxied(script ?? '', { headers: { 'Accept-Encoding': 'gzip' } });
        expect(again.headers['x-cache-status'], 'served from the proxy cache the second time').to.equal('HIT');
        expect(again.body.equals(asset.body)).to.equal(true);
        const missing = await proxied('/assets/no-such-file.0123456789.js');
        expect(missing.status).to.equal(404);
        expect(missing.headers['cache-control'] ?? '', 'a 404 is never cached for a year').to.not.include('immutable');
      });

      it('lets staff sign in: the app sees HTTPS through X-Forwarded-Proto and sets its Secure cookie', async () => {
        const login = await proxied('/login', {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ username: 'staff', password: STAFF_PASSWORD }).toString(),
        });
        expect(login.status).to.equal(303);
        const cookie = (login.headers['set-cookie'] ?? []).find((value) => value.startsWith(SECURE_SESSION_COOKIE));
        expect(cookie, 'session cookie').to.be.a('string');
        expect(cookie).to.match(/; Secure/i);
        const admin = await proxied('/admin', { headers: { Cookie: (cookie ?? '').split(';')[0] ?? '' } });
        expect(admin.status).to.equal(200);
        expect(text(admin.body, admin.headers)).to.include('Log out');
      });

      it('counts contact rate limits by the real client, whatever X-Forwarded-For a client invents', async () => {
        const submit = (from: string, spoofed: string) =>
          proxied('/contact/submit', {
            method: 'POST',
            from,
            headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': spoofed },
            body: new URLSearchParams({
              firstname: 'Rae',
              lastname: 'Ng',
              email: 'rae@example.com',
              phone: '(970) 555-0111',
              subject: `Through the proxy from ${from}`,
              message: 'Hello',
            }).toString(),
          });
        const statuses: number[] = [];
        for (let i = 1; i <= 4; i += 1) statuses.push((await submit('127.0.0.2', `203.0.113.${i}`)).status);
        expect(statuses, 'CONTACT_RATE_LIMIT=3 from one client').to.deep.equal([200, 200, 200, 429]);
        expect((await submit('127.0.0.3', '203.0.113.1')).status, 'another client is not limited').to.equal(200);
      });

      it('refuses a body over the upload limit at the proxy (413), before it reaches the app', async () => {
        const response = await proxied('/admin/upload/homepageimage', {
          method: 'POST',
          headers: { 'Content-Type': 'application/octet-stream' },
          body: Buffer.alloc(12 * 1024 * 1024),
        });
        expect(response.status).to.equal(413);
        expect(response.headers.server).to.match(/^nginx/);
      });

      it('is browsable in Chromium at https://maplehollow.example: the contact form sends a message', async () => {
        const browser = await launchBrowser([`--host-resolver-rules=MAP ${DOMAIN} 127.0.0.1`]);
        try {
          const context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 375, height: 800 } });
          const page = await context.newPage();
          const problems: string[] = [];
          page.on('pageerror', (error) => problems.push(error.message));
          page.on('console', (message) => {
            if (message.type() === 'error') problems.push(message.text());
          });
          await page.goto(`https://${DOMAIN}:${httpsPort}/contact`, { waitUntil: 'load' });
          expect(await page.title()).to.include('Contact');
          // The widget scripts come through nginx too (with their integrity hashes checked by the browser).
          await waitForHydration(page, 'ContactForm');
          const form = page.locator('form.contact-form');
          await form.locator('[name="firstname"]').fill('Browsing');
          await form.locator('[name="lastname"]').fill('Operator');
          await form.locator('[name="email"]').fill('operator@example.com');
          await form.locator('[name="phone"]').pressSequentially('9705550177');
          await form.locator('[name="subject"]').fill('Sent through nginx');
          await form.locator('[name="message"]').fill('Checking the proxy.');
          await form.locator('button[type="submit"]').click();
          const status = page.getByRole('status');
          await status.waitFor();
          expect(await status.textContent()).to.equal(MESSAGES.contactSuccess);
          expect(problems).to.deep.equal([]);
          await screenshot(page, 'behind-nginx-contact-375', { fullPage: true });
          const stored = await server.db('contact_messages').where({ subject: 'Sent through nginx' }).first();
          expect(stored?.phone).to.equal('(970) 555-0177');
          await context.close();
        } finally {
          await browser.close();
        }
      });
    });
  });
});
