import { expect } from 'chai';
import { launchBrowser } from '../support/browser.js';

describe('The browser the tests launch', function () {
  it('names the missing executable, the package to install and TEST_CHROMIUM when it cannot start one', async () => {
    const error = await launchBrowser([], '/usr/bin/no-such-chromium').then(
      () => undefined,
      (reason: unknown) => reason as Error,
    );
    expect(error?.message)
      .to.include('/usr/bin/no-such-chromium')
      .and.include('apt-get install -y chromium-headless-shell')
      .and.include('TEST_CHROMIUM');
  });
});
