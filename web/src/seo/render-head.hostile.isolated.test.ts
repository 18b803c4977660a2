// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { renderHead } from './render-head';

// A product name made of everything that could break out of an attribute, the title or the
// JSON-LD script. The texts interpolate it, so it reaches every kind of place in the head.
// (vi.hoisted: the mock below is moved above everything else, and needs the name there.)
const hostile = vi.hoisted(() => `Fish"App' </title><script>alert(1)</script> </script><!-- & &amp; \u2028`);

vi.mock('../config/site', async (importOriginal) => {
  const { site } = await importOriginal<typeof import('../config/site')>();
  return { site: { ...site, productName: hostile } };
});

describe('renderHead with a hostile product name', () => {
  it('keeps every text inside its element or attribute, exactly as written', () => {
    const html = renderHead('home', 'en');
    const document = new DOMParser().parseFromString(
      `<!doctype html><html><head>${html}</head><body></body></html>`,
      'text/html',
    );
    const { head } = document;

    expect(document.body.childNodes).toHaveLength(0);
    expect(head.querySelectorAll('script')).toHaveLength(1);
    expect(head.querySelector('title')?.textContent).toContain(hostile);
    expect(head.querySelector('meta[property="og:site_name"]')?.getAttribute('content')).toBe(hostile);
    expect(head.querySelector('meta[name="twitter:title"]')?.getAttribute('content')).toContain(hostile);
    expect(head.querySelector('meta[property="og:image:alt"]')?.getAttribute('content')).toContain(hostile);

    const script = head.querySelector('script[type="application/ld+json"]');
    expect(script?.textContent).not.toMatch(/[<>&]/);
    expect((JSON.parse(script?.textContent ?? '') as { name: string }).name).toBe(hostile);
  });
});
