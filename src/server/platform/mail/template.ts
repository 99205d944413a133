/**
 * The one shared e-mail template (decision 0034): every e-mail is multipart, the plain text as
 * written and a simple HTML part made here, in which every string is escaped, whoever wrote it
 * (request titles, names and messages are typed by people).
 */

/** Escapes text for HTML content and double-quoted attributes. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** An http(s) URL for an href, else '#': a link never runs script, whatever the data says. */
function safeHref(url: string): string {
  return /^https?:\/\//i.test(url) ? escapeHtml(url) : '#';
}

/** The plain-text signature delimiter: what follows it is the e-mail's footer (the preference link). */
export const SIGNATURE = '\n\n-- \n';

export interface EmailLink {
  url: string;
  text: string;
}

export interface EmailSection {
  title: string;
  link?: EmailLink;
  items: string[];
}

export interface EmailContent {
  /** Paragraphs of plain text; single newlines inside one are kept as line breaks. */
  paragraphs: string[];
  /** Grouped lists (the digest's requests). */
  sections?: EmailSection[];
  action?: EmailLink | null;
  /** Small print under a rule: why they get this and where to change it. */
  footer?: { text: string; link: EmailLink } | null;
}

const paragraphHtml = (text: string) => `<p style="margin:0 0 16px">${escapeHtml(text).split('\n').join('<br>')}</p>`;

const linkHtml = (link: EmailLink) => `<a href="${safeHref(link.url)}">${escapeHtml(link.text)}</a>`;

/** The HTML part of an e-mail. */
export function renderHtml(content: EmailContent): string {
  const parts = content.paragraphs.map(paragraphHtml);
  for (const section of content.sections ?? []) {
    const title = section.link ? linkHtml({ url: section.link.url, text: section.title }) : escapeHtml(section.title);
    parts.push(
      `<h2 style="font-size:16px;margin:24px 0 8px">${title}</h2>`,
      `<ul style="margin:0 0 16px;padding-left:20px">${section.items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`,
    );
  }
  if (content.action) {
    parts.push(
      `<p style="margin:24px 0"><a href="${safeHref(content.action.url)}" style="background:#1d4ed8;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(content.action.text)}</a></p>`,
    );
  }
  if (content.footer) {
    parts.push(
      `<hr style="border:0;border-top:1px solid #e2e8f0;margin:24px 0 12px">`,
      `<p style="font-size:12px;color:#64748b;margin:0">${escapeHtml(content.footer.text)} ${linkHtml(content.footer.link)}</p>`,
    );
  }
  return `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.5;color:#0f172a;max-width:600px">${parts.join('')}</body></html>`;
}

/** The plain-text body without the action link (the outbox adds it) but with the footer after the signature delimiter. */
export function renderTextBody(content: EmailContent): string {
  const blocks = [...content.paragraphs];
  for (const section of content.sections ?? []) {
    blocks.push([`${section.title}${section.link ? ` (${section.link.url})` : ''}`, ...section.items.map((i) => `  - ${i}`)].join('\n'));
  }
  const main = blocks.join('\n\n');
  return content.footer ? `${main}${SIGNATURE}${content.footer.text} ${content.footer.link.text}: ${content.footer.link.url}` : main;
}

/** The text part as sent: the body, the action link, then the footer after the delimiter. */
export function renderText(body: string, action: EmailLink | null): string {
  const at = body.indexOf(SIGNATURE);
  const main = at < 0 ? body : body.slice(0, at);
  const footer = at < 0 ? '' : body.slice(at);
  const link = action ? `\n\n${action.text}: ${action.url}` : '';
  return `${main}${link}${footer}`;
}

/**
 * The e-mail signed with the church's name, last in its footer: in the text after the signature
 * delimiter (which it adds when the e-mail had no footer), in the HTML as the last small line.
 * Nothing changes while the church has no name.
 */
export function signWithChurchName<T extends { body: string; html: string }>(email: T, churchName: string): T {
  const name = churchName.trim();
  if (!name) return email;
  const body = email.body.includes(SIGNATURE) ? `${email.body}\n${name}` : `${email.body}${SIGNATURE}${name}`;
  const line = `<p style="font-size:12px;color:#64748b;margin:12px 0 0">${escapeHtml(name)}</p>`;
  const end = email.html.lastIndexOf('</body>');
  const html = end < 0 ? `${email.html}${line}` : `${email.html.slice(0, end)}${line}${email.html.slice(end)}`;
  return { ...email, body, html };
}
