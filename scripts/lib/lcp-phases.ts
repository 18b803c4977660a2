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

/** What the run observed: its first byte, its largest paint (as measured and as reported) and the node painted. */
type Observed = { lcp: number; ttfb: number; observedLcp: number; node: Item };

/** The run's moments from its `largest-contentful-paint`, `metrics` and `lcp-breakdown-insight` audits. */
function observedOf(lhr: PhaseInput): Observed | undefined {
  const lcp = lhr.audits['largest-contentful-paint']?.numericValue;
  const metrics = itemsOf(lhr.audits.metrics?.details)[0];
  const ttfbValue = metrics?.timeToFirstByte;
  const observedLcp = metrics?.observedLargestContentfulPaint;
  const node = itemsOf(lhr.audits['lcp-breakdown-insight']?.details).find((item) => item.type === 'node');
  if (lcp === undefined || typeof ttfbValue !== 'number' || typeof observedLcp !== 'number' || !node) return undefined;
  return { lcp, ttfb: Math.min(ttfbValue, lcp), observedLcp, node };
}

/** The painted element's selector, else its label. */
const elementOf = (node: Item) =>
  typeof node.selector === 'string' ? node.selector : typeof node.nodeLabel === 'string' ? node.nodeLabel : '?';

/**
 * The image the node shows and when its request started and ended, as observed; undefined for
 * a text, or an image whose request `network-requests` does not list.
 */
function imageLoadOf(lhr: PhaseInput, node: Item): { source: string; start: number; end: number } | undefined {
  const snippet = typeof node.snippet === 'string' ? node.snippet : '';
  const source = /^<img\b[^>]*\ssrc="([^"]+)"/.exec(snippet)?.[1];
  const request = source
    ? itemsOf(lhr.audits['network-requests']?.details).find((item) => item.url === source)
    : undefined;
  const start = request?.networkRequestTime;
  const end = request?.networkEndTime;
  if (source === undefined || typeof start !== 'number' || typeof end !== 'number') return undefined;
  return { source, start, end };
}

/**
 * The phases of the run's largest paint, from its `largest-contentful-paint`, `metrics`,
 * `lcp-breakdown-insight` and `network-requests` audits; undefined when one is missing.
 */
export function lcpPhases(lhr: PhaseInput): LcpPhases | undefined {
  const observed = observedOf(lhr);
  if (!observed) return undefined;
  const { lcp, ttfb, observedLcp, node } = observed;
  const element = elementOf(node);
  const load = imageLoadOf(lhr, node);
  if (!load || observedLcp <= 0) {
    return { element, image: undefined, ttfb, loadDelay: 0, loadTime: 0, renderDelay: lcp - ttfb };
  }
  const scale = lcp / observedLcp;
  const loadStart = clamp(load.start * scale, ttfb, lcp);
  const loadEnd = clamp(load.end * scale, loadStart, lcp);
  return {
    element,
    image: new URL(load.source, 'http://x/').pathname.split('/').pop(),
    ttfb,
    loadDelay: loadStart - ttfb,
    loadTime: loadEnd - loadStart,
    renderDelay: lcp - loadEnd,
  };
}
