import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { BUILT_SERVER } from '../support/child-server.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * Every address the site hands out (robots.txt, sitemap.xml, canonical, og:url, og:image, structured data) comes
 * from SITE_URL, or http://localhost:PORT outside production: never from the Host header, which any client sets,
 * and which a shared cache would then serve to everyone.
 */
const EVIL = 'evil.example';
const FORGED = { Host: EVIL, 'X-Forwarded-Host': EVIL, 'X-Forwarded-Proto': 'https' };

function get(server: TestServer, pathname: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    http
      .get({ host: hostname, port, path: pathname, headers: FORGED }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

const attribute = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];

function describeSiteAddress(title: string, env: Record<string, string>, siteUrl: (server: TestServer) => string) {
  describe(title, () => {
    let server: TestServer;
    let origin: string;
    before(async () => {
      server = await startTestServer(env);
      origin = siteUrl(server);
    });
    after(() => server?.close());

    it('robots.txt names the sitemap at the site address', async () => {
      const { body } = await get(server, '/robots.txt');
      expect(body).to.include(`Sitemap: ${origin}/sitemap.xml`);
      expect(body).to.not.include(EVIL);
    });

    it('sitemap.xml lists every public page at the site address', async () => {
      const { body } = await get(server, '/sitemap.xml');
      const locations = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
      expect(locations).to.have.length.greaterThan(5);
      for (const location of locations) expect(location?.startsWith(`${origin}/`), location).to.equal(true);
      expect(body).to.not.include(EVIL);
    });

    it('gives every public page an absolute canonical link, og:url and og:image at the site address', async () => {
      const { body: sitemap } = await get(server, '/sitemap.xml');
      const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname);
      let withImage = 0;
      for (const pathname of paths) {
        const { status, body } = await get(server, pathname);
        expect(status, pathname).to.equal(200);
        expect(body, pathname).to.not.include(EVIL);
        expect(attribute(body, /<link rel="canonical" href="([^"]+)"/), pathname).to.equal(`${origin}${pathname}`);
        expect(attribute(body, /<meta property="og:url" content="([^"]+)"/), pathname).to.equal(`${origin}${pathname}`);
        const image = attribute(body, /<meta property="og:image" content="([^"]+)"/);
        if (image !== undefined) {
          withImage += 1;
          expect(image.startsWith(`${origin}/`), `${pathname}: ${image}`).to.equal(true);
        }
      }
      expect(withImage, 'pages with a share image').to.be.greaterThan(2);
    });

    it('leaves the Host header out of the sign-in page and the 404 page too', async () => {
      for (const pathname of ['/login', '/no-such-page']) {
        const { body } = await get(server, pathname);
        expect(body, pathname).to.not.include(EVIL);
      }
    });
  });
}

describe('Site address, whatever Host a client sends', function () {
  this.timeout(60_000);

  describeSiteAddress(
    'in production, with SITE_URL (behind a proxy: TRUST_PROXY=1)',
    {
      NODE_ENV: 'production',
      SESSION_SECRET: 'a session secret for the site address test, 48 chars',
      SITE_URL: 'https://homes.example/',
      TRUST_PROXY: '1',
    },
    () => 'https://homes.example',
  );

  describeSiteAddress('in development or test, without SITE_URL', { PORT: '3456' }, () => 'http://localhost:3456');
});

describe('Production start-up without SITE_URL', function () {
  this.timeout(60_000);

  it('is refused, with a message that names SITE_URL', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'no-site-url-'));
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'SITE_URL'));
    try {
      const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          BUILT_SERVER,
          {
            env: {
              ...env,
              NODE_ENV: 'production',
              SESSION_SECRET: 'a session secret for the start-up test, 48 chars',
              DATABASE_URL: `sqlite:${path.join(dir, 'site.sqlite')}`,
              DATA_DIR: dir,
              HOST: '127.0.0.1',
              PORT: '0',
            },
            timeout: 30_000,
          },
          (error, _stdout, stderr) => resolve({ code: error ? (error.code as number | null) : 0, stderr }),
        );
      });
      expect(result.code, result.stderr).to.equal(1);
      expect(result.stderr).to.include('SITE_URL: is required when NODE_ENV=production');
      const files = await fs.readdir(dir);
      expect(files, 'nothing was created before the refusal').to.deep.equal([]);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
