import { expect } from 'chai';
import { ConfigError, loadConfig } from '../src/config.js';

/** LEAD_WEBHOOK_URL + LEAD_WEBHOOK_SECRET (contract, "Leads with context"): a bad value stops start-up, named. */
function failure(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).to.be.instanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  expect.fail(`loadConfig accepted ${JSON.stringify(env)}`);
}

const SECRET = 'sixteen or more characters';

describe('loadConfig: the lead webhook', () => {
  it('takes the URL and the secret together, and sends no webhook without them', () => {
    expect(
      loadConfig({ LEAD_WEBHOOK_URL: 'https://crm.example/hooks/leads', LEAD_WEBHOOK_SECRET: SECRET }).leadWebhook,
    ).to.deep.equal({ url: 'https://crm.example/hooks/leads', secret: SECRET });
    expect(loadConfig({}).leadWebhook).to.equal(undefined);
  });

  it('refuses a URL without a secret: no lead is ever posted unsigned', () => {
    expect(failure({ LEAD_WEBHOOK_URL: 'https://crm.example/hooks/leads' })).to.match(
      /LEAD_WEBHOOK_SECRET: is required when LEAD_WEBHOOK_URL is set/,
    );
  });

  it('refuses a secret shorter than 16 characters', () => {
    expect(failure({ LEAD_WEBHOOK_URL: 'https://crm.example/', LEAD_WEBHOOK_SECRET: 'short' })).to.match(
      /LEAD_WEBHOOK_SECRET: must be at least 16 characters/,
    );
  });

  it('refuses a URL that is not http or https', () => {
    expect(failure({ LEAD_WEBHOOK_URL: 'ftp://crm.example/leads', LEAD_WEBHOOK_SECRET: SECRET })).to.match(
      /LEAD_WEBHOOK_URL: must be an http or https URL/,
    );
    expect(failure({ LEAD_WEBHOOK_URL: 'not a url', LEAD_WEBHOOK_SECRET: SECRET })).to.match(/LEAD_WEBHOOK_URL/);
  });
});
