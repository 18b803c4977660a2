import { describe, expect, it } from 'vitest';
import { lcpPhases, type PhaseInput } from './lcp-phases.ts';

const image = 'http://127.0.0.1:4000/static/media/feed-360-abc.avif';

/** A Lighthouse result with the audits the phases read: simulated LCP 1200 ms, observed 300 ms. */
function run(
  snippet: string,
  requests: { url: string; networkRequestTime: number; networkEndTime: number }[],
): PhaseInput {
  return {
    audits: {
      'largest-contentful-paint': { numericValue: 1200 },
      metrics: { details: { items: [{ timeToFirstByte: 450, observedLargestContentfulPaint: 300 }] } },
      'lcp-breakdown-insight': {
        details: {
          items: [
            { type: 'table', items: [] },
            { type: 'node', selector: 'figure > picture > img', snippet },
          ],
        },
      },
      'network-requests': { details: { items: requests } },
    },
  };
}

describe('lcpPhases', () => {
  it('splits an image paint into first byte, load delay, load time and render delay, scaled to the simulated LCP', () => {
    const phases = lcpPhases(
      run(`<img src="${image}" alt="">`, [
        { url: 'http://127.0.0.1:4000/features', networkRequestTime: 0, networkEndTime: 20 },
        { url: image, networkRequestTime: 150, networkEndTime: 250 },
      ]),
    );
    // ×4: the image asked for at 600 ms, there at 1000 ms, painted at 1200 ms.
    expect(phases).toEqual({
      element: 'figure > picture > img',
      image: 'feed-360-abc.avif',
      ttfb: 450,
      loadDelay: 150,
      loadTime: 400,
      renderDelay: 200,
    });
  });

  it('gives a text paint no load: everything after the first byte is render delay', () => {
    expect(lcpPhases(run('<h1 class="title">', []))).toMatchObject({
      image: undefined,
      ttfb: 450,
      loadTime: 0,
      renderDelay: 750,
    });
  });

  it('keeps the phases within the LCP when the observed load is out of step with the simulation', () => {
    const phases = lcpPhases(
      run(`<img src="${image}">`, [{ url: image, networkRequestTime: 50, networkEndTime: 400 }]),
    );
    expect(phases).toMatchObject({ ttfb: 450, loadDelay: 0, loadTime: 750, renderDelay: 0 });
  });

  it('gives nothing when Lighthouse found no largest paint', () => {
    expect(lcpPhases({ audits: { 'largest-contentful-paint': { numericValue: 900 } } })).toBeUndefined();
  });
});
