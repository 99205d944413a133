import { describe, expect, it } from 'vitest';
import { escapeHtml, renderHtml, renderText, renderTextBody, SIGNATURE } from './template';

const HOSTILE = `<script>alert("x")</script> & 'quotes' "double" <img src=x onerror=alert(1)>`;

describe('the e-mail template', () => {
  it('escapes markup, ampersands and both quotes', () => {
    expect(escapeHtml(`<b>"A" & 'B'</b>`)).toBe('&lt;b&gt;&quot;A&quot; &amp; &#39;B&#39;&lt;/b&gt;');
  });

  it('puts no user-supplied string into the HTML unescaped: paragraphs, sections, items, links and footer', () => {
    const html = renderHtml({
      paragraphs: [`Hi ${HOSTILE},`, `line one\n${HOSTILE}`],
      sections: [{ title: HOSTILE, link: { url: `https://x.test/request/1?a="b"&c=<d>`, text: HOSTILE }, items: [HOSTILE] }],
      action: { url: 'https://x.test/request/1', text: HOSTILE },
      footer: { text: HOSTILE, link: { url: 'https://x.test/account', text: HOSTILE } },
    });
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).not.toMatch(/"double"|'quotes'/);
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;');
    expect(html).toContain('href="https://x.test/request/1?a=&quot;b&quot;&amp;c=&lt;d&gt;"');
    expect(html).toContain('line one<br>');
  });

  it('never links anything but http(s)', () => {
    const html = renderHtml({ paragraphs: [], action: { url: 'javascript:alert(1)', text: 'Open' } });
    expect(html).toContain('href="#"');
    expect(html).not.toContain('javascript:');
  });

  it('writes the text part with the action link before the footer after the signature delimiter', () => {
    const body = renderTextBody({
      paragraphs: ['Hi Ann,', 'Something happened.'],
      sections: [{ title: 'Easter', link: { url: 'https://x.test/request/1', text: 'View Request' }, items: ['Mentions: hello'] }],
      footer: {
        text: 'You get these as they happen.',
        link: { url: 'https://x.test/account#email-preferences', text: 'Change e-mail preferences' },
      },
    });
    expect(body).toBe(
      'Hi Ann,\n\nSomething happened.\n\nEaster (https://x.test/request/1)\n  - Mentions: hello' +
        `${SIGNATURE}You get these as they happen. Change e-mail preferences: https://x.test/account#email-preferences`,
    );
    expect(renderText(body, { url: 'https://x.test/request/1', text: 'View Request' })).toBe(
      'Hi Ann,\n\nSomething happened.\n\nEaster (https://x.test/request/1)\n  - Mentions: hello\n\nView Request: https://x.test/request/1' +
        `${SIGNATURE}You get these as they happen. Change e-mail preferences: https://x.test/account#email-preferences`,
    );
    expect(renderText('Plain body', null)).toBe('Plain body');
  });
});
