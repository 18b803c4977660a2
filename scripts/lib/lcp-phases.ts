// The largest paint of a Lighthouse run split into its phases, so that a regression names the
// phase it is in: time to first byte, load delay (from the first byte until the largest image
// is asked for), load time (its download) and render delay (from its arrival to its paint). A
// text's paint has no load: its delay is all render. Under simulated throttling Lighthouse
// computes only the LCP itself; the phases are the observed load's moments scaled to it, the
// way Lighthouse's own LCP breakdown does (core/computed/metrics/lcp-breakdown.js).

/** The parts of a Lighthouse result this reads. */
export type PhaseInput = {
  audits: Record<string, { numericValue?: number | undefined; details?: unknown } | undefined>;
};

export type LcpPhases = {
  /** What was painted: the element's selector, and the file it shows when an image. */
  element: string;
  image: string | undefined;
  ttfb: number;
  loadDelay: number;
  loadTime: number;
  renderDelay: number;
};

type Item = Record<string, unknown>;

function itemsOf(details: unknown): Item[] {
  const items = (details as { items?: unknown } | undefined)?.items;
  return Array.isArray(items) ? (items as Item[]) : [];
}

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);

/**
 * The phases of the run's largest paint, from its `largest-contentful-paint`, `metrics`,
 * `lcp-breakdown-insight` and `network-requests` audits; undefined when one is missing.
 */
export function lcpPhases(lhr: PhaseInput): LcpPhases | undefined {
  const lcp = lhr.audits['largest-contentful-paint']?.numericValue;
  const metrics = itemsOf(lhr.audits.metrics?.details)[0];
  const ttfbValue = metrics?.timeToFirstByte;
  const observedLcp = metrics?.observedLargestContentfulPaint;
  const node = itemsOf(lhr.audits['lcp-breakdown-insight']?.details).find((item) => item.type === 'node');
  if (lcp === undefined || typeof ttfbValue !== 'number' || typeof observedLcp !== 'number' || !node) return undefined;
  const ttfb = Math.min(ttfbValue, lcp);
  const element =
    typeof node.selector === 'string' ? node.selector : typeof node.nodeLabel === 'string' ? node.nodeLabel : '?';
  const snippet = typeof node.snippet === 'string' ? node.snippet : '';
  const source = /^<img\b[^>]*\ssrc="([^"]+)"/.exec(snippet)?.[1];
  const request = source
    ? itemsOf(lhr.audits['network-requests']?.details).find((item) => item.url === source)
    : undefined;
  const start = request?.networkRequestTime;
  const end = request?.networkEndTime;
  if (typeof start !== 'number' || typeof end !== 'number' || observedLcp <= 0) {
    return { element, image: undefined, ttfb, loadDelay: 0, loadTime: 0, renderDelay: lcp - ttfb };
  }
  const scale = lcp / observedLcp;
  const loadStart = clamp(start * scale, ttfb, lcp);
  const loadEnd = clamp(end * scale, loadStart, lcp);
  return {
    element,
    image: new URL(source ?? '', 'http://x/').pathname.split('/').pop(),
    ttfb,
    loadDelay: loadStart - ttfb,
    loadTime: loadEnd - loadStart,
    renderDelay: lcp - loadEnd,
  };
}
