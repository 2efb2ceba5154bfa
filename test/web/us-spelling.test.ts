import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { loadContent } from '../../src/content/index.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * The community is in Colorado: what a visitor reads is written in US English. Every public page (as served, with
 * the sample content seeded), the content module and the text of the generated sample media are checked for
 * British spellings.
 */

const BRITISH: RegExp[] = [
  /\bneighbour\w*/gi,
  /\bstoreys?\b/gi,
  /\bcolour\w*/gi,
  /\bcentre[ds]?\b/gi,
  /\b\w*metres?\b/gi,
  /\blitres?\b/gi,
  /\btheatres?\b/gi,
  /\bfibres?\b/gi,
  /\bfavourit\w*/gi,
  /\bflavour\w*/gi,
  /\bhonour\w*/gi,
  /\blabour\w*/gi,
  /\bbehaviour\w*/gi,
  /\bharbour\w*/gi,
  /\bhumour\w*/gi,
  /\b(organ|real|recogn|apolog|custom|personal|priorit|minim|maxim|optim|author|final|summar|util|visual|categor|special|normal|raster|serial|emphas|standard|memor|character|modern)is(e|ed|es|ing|ation|ations)\b/gi,
  /\blicence\w*/gi,
  /\bprogrammes?\b/gi,
  /\bcheques?\b/gi,
  /\bgrey\w*/gi,
  /\bcatalogue\w*/gi,
  /\b(travel|model|label|fuel|signal|level)l(ed|ing|er|ers)\b/gi,
  /\bjewellery\b/gi,
  /\baluminium\b/gi,
  /\btyres?\b/gi,
  /\bkerbs?\b/gi,
  /\bdefence\b/gi,
  /\bwhilst\b/gi,
  /\bpostcodes?\b/gi,
  /\b(paediatric|orthopaedic|anaesthe)\w*/gi,
  /\benrolment\w*/gi,
  /\bfulfilment\w*/gi,
];

function britishSpellings(text: string): string[] {
  return BRITISH.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[0]));
}

/** What a reader meets in a page: its text and the words in alt, title, aria-label, placeholder and meta content. */
function readableText(html: string): string {
  const withoutCode = html
    .replace(/<style\b[^>]*>[\s\S]*?<\/style>/gi, ' ')
    .replace(/<script\b(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script>/gi, ' ');
  const attributes = [...withoutCode.matchAll(/\s(?:alt|title|aria-label|placeholder|content|value)="([^"]*)"/g)].map(
    (match) => match[1],
  );
  return [withoutCode.replace(/<[^>]+>/g, ' '), ...attributes].join('\n');
}

const SAMPLE_TEXT_SOURCES = [
  'README.md',
  'static/sample/README.md',
  // What moved out of the README: the guides in docs/ (the decisions quote other spellings where they discuss them).
  ...fs
    .readdirSync('docs')
    .filter((file) => file.endsWith('.md'))
    .map((file) => path.join('docs', file)),
  ...fs
    .readdirSync('tools/sample-media')
    .filter((file) => file.endsWith('.ts'))
    .map((file) => path.join('tools/sample-media', file)),
  ...fs
    .readdirSync('static/sample/floorplans')
    .filter((file) => file.endsWith('.json'))
    .map((file) => path.join('static/sample/floorplans', file)),
  ...fs.readdirSync('src/content').map((file) => path.join('src/content', file)),
];

describe('US spelling', () => {
  it('recognizes the British spellings it looks for', () => {
    expect(
      britishSpellings(
        'A two-storey home in a quiet neighbourhood near the town centre, in grey and colour; organised.',
      ),
    ).to.deep.equal(['neighbourhood', 'storey', 'colour', 'centre', 'organised', 'grey']);
    expect(
      britishSpellings('A two-story home in a quiet neighborhood near the town center, organized, in gray.'),
    ).to.deep.equal([]);
  });

  it('is what the content module says', () => {
    expect(britishSpellings(JSON.stringify(loadContent()))).to.deep.equal([]);
  });

  it('is what the sample media, their generator and the READMEs say', () => {
    const found = Object.fromEntries(
      SAMPLE_TEXT_SOURCES.map((file) => [file, britishSpellings(fs.readFileSync(file, 'utf8'))]).filter(
        ([, words]) => words!.length > 0,
      ),
    );
    expect(found).to.deep.equal({});
  });

  describe('every public page', () => {
    let server: TestServer;
    let routes: string[];
    before(async () => {
      server = await startTestServer();
      const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
      routes = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    });
    after(() => server.close());

    it('lists the public routes in the sitemap, floor plans included', () => {
      expect(routes).to.include.members(['/', '/about', '/site-plan', '/floor-plans', '/contact']);
      for (const plan of loadContent().floorPlans) expect(routes).to.include(`/floor-plans/${plan.slug}`);
    });

    it('is written in US English on every page of the sitemap, the login page and the 404 page', async () => {
      const found: Record<string, string[]> = {};
      for (const route of [...routes, '/login', '/no-such-page']) {
        const words = britishSpellings(readableText(await (await fetch(`${server.url}${route}`)).text()));
        if (words.length > 0) found[route] = words;
      }
      expect(found).to.deep.equal({});
    });
  });
});
