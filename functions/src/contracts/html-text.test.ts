import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html-text.js';

describe('escapeHtml', () => {
  it('leaves no character that starts or ends markup, an entity or an attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe(
      '&#60;a href=&#34;x&#34; title=&#39;y&#39;&#62;&#38;amp;&#60;/a&#62;',
    );
  });

  it('leaves other text as it is', () => {
    expect(escapeHtml('Spigola · 4,2 kg — è così')).toBe('Spigola · 4,2 kg — è così');
  });
});
