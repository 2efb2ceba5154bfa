import path from 'node:path';
import { expect } from 'chai';
import { ConfigError, loadConfig } from '../src/config.js';

/** The environment, parsed once (contract "Set-up and start"): defaults, and failures that name the variable. */

function failure(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).to.be.instanceOf(ConfigError);
    return error as ConfigError;
  }
  expect.fail(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  describe('defaults', () => {
    const config = loadConfig({});

    it('listens on PORT 3000 and HOST 0.0.0.0', () => {
      expect(config.port).to.equal(3000);
      expect(config.host).to.equal('0.0.0.0');
    });

    it('uses the SQLite file data/site.sqlite', () => {
      expect(config.database).to.deep.equal({ client: 'sqlite', filename: path.resolve('data/site.sqlite') });
    });

    it('keeps uploads in data/uploads', () => {
      expect(config.uploadDir).to.equal(path.resolve('data/uploads'));
    });

    it('accepts 10 contact posts and 5 failed logins before limiting', () => {
      expect(config.contactRateLimit).to.equal(10);
      expect(config.loginRateLimit).to.equal(5);
    });

    it("uses OpenStreetMap's tile template", () => {
      expect(config.map.tileUrl).to.equal('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
      expect(config.map.attribution).to.include('OpenStreetMap');
    });

    it('runs in development without an admin account or mail', () => {
      expect(config.env).to.equal('development');
      expect(config.admin).to.equal(undefined);
      expect(config.mail).to.equal(undefined);
    });
  });

  describe('values', () => {
    it('reads PORT and HOST', () => {
      const config = loadConfig({ PORT: '8080', HOST: '127.0.0.1' });
      expect(config.port).to.equal(8080);
      expect(config.host).to.equal('127.0.0.1');
    });

    it('turns a postgres DATABASE_URL into a postgres target', () => {
      const url = 'postgres://site:secret@db.internal:5432/community';
      expect(loadConfig({ DATABASE_URL: url }).database).to.deep.equal({ client: 'postgres', connectionString: url });
    });

    it('accepts the postgresql:// spelling too', () => {
      const url = 'postgresql://site:secret@db.internal:5432/community';
      expect(loadConfig({ DATABASE_URL: url }).database).to.deep.equal({ client: 'postgres', connectionString: url });
    });

    it('resolves a sqlite:PATH DATABASE_URL to that file', () => {
      expect(loadConfig({ DATABASE_URL: 'sqlite:tmp/other.sqlite' }).database).to.deep.equal({
        client: 'sqlite',
        filename: path.resolve('tmp/other.sqlite'),
      });
    });

    it('fills {key} in MAP_TILE_URL with MAP_API_KEY', () => {
      const config = loadConfig({
        MAP_TILE_URL: 'https://tiles.example.com/{z}/{x}/{y}.png?key={key}',
        MAP_API_KEY: 'k-123',
      });
      expect(config.map.tileUrl).to.equal('https://tiles.example.com/{z}/{x}/{y}.png?key=k-123');
    });

    it('leaves {key} in MAP_TILE_URL when MAP_API_KEY is not set', () => {
      const config = loadConfig({ MAP_TILE_URL: 'https://tiles.example.com/{z}/{x}/{y}.png?key={key}' });
      expect(config.map.tileUrl).to.equal('https://tiles.example.com/{z}/{x}/{y}.png?key={key}');
    });

    it('turns the contact limit off with CONTACT_RATE_LIMIT=0', () => {
      expect(loadConfig({ CONTACT_RATE_LIMIT: '0' }).contactRateLimit).to.equal(0);
    });

    it('creates the admin account when ADMIN_USERNAME and ADMIN_PASSWORD are both set', () => {
      expect(loadConfig({ ADMIN_USERNAME: 'staff', ADMIN_PASSWORD: 'correct horse battery' }).admin).to.deep.equal({
        username: 'staff',
        password: 'correct horse battery',
      });
    });

    it('mails contact messages when SMTP_URL and CONTACT_TO are both set', () => {
      const config = loadConfig({ SMTP_URL: 'smtp://mail.example.com:587', CONTACT_TO: 'sales@example.com' });
      expect(config.mail).to.include({ smtpUrl: 'smtp://mail.example.com:587', to: 'sales@example.com' });
    });

    it('starts in production with a SESSION_SECRET and a SITE_URL', () => {
      const secret = 's'.repeat(40);
      const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: secret, SITE_URL: 'https://x.example' });
      expect(config.env).to.equal('production');
      expect(config.sessionSecret).to.equal(secret);
      expect(config.siteUrl).to.equal('https://x.example');
    });

    it('reads SITE_URL as an origin, without the trailing slash', () => {
      expect(loadConfig({ SITE_URL: 'https://MapleHollow.example/' }).siteUrl).to.equal('https://maplehollow.example');
    });

    it('uses http://localhost:PORT as the site address outside production when SITE_URL is not set', () => {
      expect(loadConfig({}).siteUrl).to.equal('http://localhost:3000');
      expect(loadConfig({ NODE_ENV: 'test', PORT: '8080' }).siteUrl).to.equal('http://localhost:8080');
    });
  });

  describe('failures', () => {
    it('rejects PORT=abc, naming PORT', () => {
      expect(failure({ PORT: 'abc' }).message).to.match(/\bPORT\b/);
    });

    it('rejects DATABASE_URL=mysql://x, naming DATABASE_URL', () => {
      expect(failure({ DATABASE_URL: 'mysql://x' }).message).to.include('DATABASE_URL');
    });

    it('rejects NODE_ENV=production without SESSION_SECRET, naming SESSION_SECRET', () => {
      expect(failure({ NODE_ENV: 'production' }).message).to.include('SESSION_SECRET');
    });

    it('rejects NODE_ENV=production without SITE_URL, naming SITE_URL', () => {
      const message = failure({ NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40) }).message;
      expect(message).to.include('SITE_URL: is required when NODE_ENV=production');
    });

    it('rejects a SITE_URL with a path or another scheme, naming SITE_URL', () => {
      for (const SITE_URL of ['https://x.example/site', 'ftp://x.example', 'x.example', 'https://x.example/?a=1'])
        expect(failure({ SITE_URL }).message, SITE_URL).to.include('SITE_URL: must be an origin');
    });

    it('rejects ADMIN_USERNAME without ADMIN_PASSWORD, naming ADMIN_PASSWORD', () => {
      expect(failure({ ADMIN_USERNAME: 'staff' }).message).to.include('ADMIN_PASSWORD');
    });

    it('rejects ADMIN_PASSWORD without ADMIN_USERNAME, naming ADMIN_USERNAME', () => {
      expect(failure({ ADMIN_PASSWORD: 'correct horse battery' }).message).to.include('ADMIN_USERNAME');
    });

    it('rejects a negative CONTACT_RATE_LIMIT, naming it', () => {
      expect(failure({ CONTACT_RATE_LIMIT: '-1' }).message).to.include('CONTACT_RATE_LIMIT');
    });

    it('names every bad variable at once', () => {
      const message = failure({ PORT: 'abc', DATABASE_URL: 'mysql://x' }).message;
      expect(message).to.match(/\bPORT\b/);
      expect(message).to.include('DATABASE_URL');
    });
  });
});
