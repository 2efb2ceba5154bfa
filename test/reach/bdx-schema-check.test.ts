import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { bdxSchemaErrors } from '../support/bdx-schema.js';

const SAMPLE_FEED = fs.readFileSync(
  path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/bdx/one-community.xml'),
  'utf8',
);
/** The sample feed as the feed once was: its sales office's Address without the required OutOfCommunity. */
const WITHOUT_OUT_OF_COMMUNITY = SAMPLE_FEED.replace('<Address OutOfCommunity="false">', '<Address>');
const NOT_WELL_FORMED = SAMPLE_FEED.replace('</SubdivisionName>', '</SubdivisionNam>');

/**
 * The check every feed test relies on (test/support/bdx-schema.ts): it must find what the listing sites' xmllint
 * finds, check after check in the same process, and keep each answer with its own document when several run at once.
 */
describe('The BDX feed check (xmllint against NHlist 7.7)', function () {
  this.timeout(60_000);

  it('finds the sample feed valid', async () => {
    expect(await bdxSchemaErrors(SAMPLE_FEED)).to.deep.equal([]);
  });

  it('names a missing required attribute, with its line', async () => {
    const errors = await bdxSchemaErrors(WITHOUT_OUT_OF_COMMUNITY);
    expect(errors).to.have.length(1);
    expect(errors[0]).to.match(/^bdx\.xml:\d+: .*Address.*OutOfCommunity.*is required/);
  });

  it('names a document that is not well-formed', async () => {
    const errors = await bdxSchemaErrors(NOT_WELL_FORMED);
    expect(errors.join('\n')).to.match(/^bdx\.xml:\d+: parser error : Opening and ending tag mismatch/);
  });

  it('gives each of several checks at once its own answer', async () => {
    const documents = Array.from(
      { length: 9 },
      (_, index) => [SAMPLE_FEED, WITHOUT_OUT_OF_COMMUNITY, NOT_WELL_FORMED][index % 3]!,
    );
    const answers = await Promise.all(documents.map((document) => bdxSchemaErrors(document)));
    expect(answers.map((errors) => errors.length === 0)).to.deep.equal(documents.map((_, index) => index % 3 === 0));
    expect(answers[4]![0]).to.include('OutOfCommunity');
    expect(answers[5]!.join('\n')).to.include('parser error');
  });
});
