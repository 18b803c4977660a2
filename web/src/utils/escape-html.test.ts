import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape-html';

describe('escapeHtml', () => {
  it('escapes everything that could become markup', () => {
    expect(escapeHtml(`<script>alert("x")</script> & 'y'`)).toBe(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;',
    );
  });

  it('leaves other text as it is', () => {
    expect(escapeHtml('Spigola · 4,2 kg — è così')).toBe('Spigola · 4,2 kg — è così');
  });
});
