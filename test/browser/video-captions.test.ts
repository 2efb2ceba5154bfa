import { expect } from 'chai';
import { loadContent } from '../../src/content/index.js';
import { reusedPage } from './reused-page.js';
import { screenshot, useBrowserSuite, waitUntil } from './support.js';

/**
 * The walkthrough video on /about carries English captions (WCAG 1.2.2): a WebVTT track of kind captions, the
 * default one, which the browser loads under the site's CSP and shows from the first frame to the last: it says
 * the video has no sound, then names each room as it shows.
 */
const { captions } = loadContent().media.video;

describe('Walkthrough video captions', function () {
  this.timeout(60_000);
  const suite = useBrowserSuite();
  const tab = reusedPage(suite);

  it('serves the captions as text/vtt', async () => {
    const response = await fetch(`${suite.server.url}${captions}`);
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.match(/^text\/vtt\b/);
    expect(await response.text()).to.match(/^WEBVTT\n/);
  });

  for (const width of [375, 1280]) {
    it(`loads the English captions track, shown by default, at ${width} px`, async () => {
      const { page, problems } = await tab.visit('/about', { width });
      const track = page.locator('video track');
      expect(await track.count()).to.equal(1);
      expect(
        await track.evaluate((element: HTMLTrackElement) => ({
          kind: element.kind,
          srclang: element.srclang,
          label: element.label,
          default: element.default,
          src: new URL(element.src).pathname,
        })),
      ).to.deep.equal({ kind: 'captions', srclang: 'en', label: 'English', default: true, src: captions });
      // readyState 2 is LOADED (3 would be ERROR: refused by the CSP, or not a WebVTT file).
      const state = await waitUntil(
        () =>
          track.evaluate((element: HTMLTrackElement) => ({
            readyState: element.readyState,
            mode: element.track.mode,
            cues: [...(element.track.cues ?? [])].map((cue) => (cue as VTTCue).text),
            span: [element.track.cues?.[0]?.startTime, element.track.cues?.[element.track.cues.length - 1]?.endTime],
          })),
        (current) => current.readyState >= 2,
        10_000,
        'the captions track to load',
      );
      expect(state.readyState).to.equal(2);
      expect(state.mode).to.equal('showing');
      expect(state.cues).to.deep.equal([
        '[No sound]\nSweetwater II · Exterior',
        'Sweetwater II · Great Room',
        'Sweetwater II · Kitchen',
      ]);
      // From the first frame to the last of the 7 s video.
      expect(state.span).to.deep.equal([0, 7]);
      expect(problems, 'console problems (a CSP refusal shows here)').to.deep.equal([]);
      await screenshot(page.locator('figure.walkthrough'), `about-video-captions-${width}`);
    });
  }
});
