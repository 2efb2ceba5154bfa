import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { DEPLOY_DOC } from '../support/deploy-doc.js';

const run = promisify(execFile);

/** What the AWS SDK prints when an S3 client is made (as UPLOAD_STORE makes one at start), whitespace folded. */
async function sdkStartNotice(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const { stderr } = await run(
    process.execPath,
    ['-e', "const { S3Client } = require('@aws-sdk/client-s3'); new S3Client({ region: 'us-east-1' });"],
    { env },
  );
  return stderr.replace(/\s+/g, ' ').trim();
}

describe('The AWS SDK’s notice at start on this Node (deploy guide §8)', function () {
  this.timeout(30_000);

  it('is quoted and explained in the deploy guide, with the opt-out AWS documents', async function () {
    const notice = await sdkStartNotice();
    // Node 22 and later get no notice: nothing for the guide to explain on this machine.
    if (!notice.includes('NodeVersionSupportWarning')) this.skip();
    const firstSentence = /NodeVersionSupportWarning: .*? will require node >=\d+/.exec(notice)?.[0];
    expect(firstSentence, notice).to.be.a('string');
    const doc = readFileSync(DEPLOY_DOC, 'utf8').replace(/\s+/g, ' ');
    expect(doc).to.include(firstSentence);
    expect(doc).to.include('AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED=true');
  });

  it('goes away with the variable AWS documents for a machine that cannot upgrade yet', async () => {
    const notice = await sdkStartNotice({ ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' });
    expect(notice).to.not.include('NodeVersionSupportWarning');
  });
});
