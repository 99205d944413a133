import { deflateSync } from 'node:zlib';
import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, itemCard, submitRequestViaApi, test, toastWith, screenshot } from './fixtures';

/**
 * The creative side uploads two proof versions through the drawer's drop
 * zone; the requester sees the latest proof as an image beside Approve, compares it with the first
 * version side by side, and approves. The flow makes its own request, so it depends on no other spec.
 */

const CHANNEL = 'Sunday Slide Deck';
const PDF_CHANNEL = 'Website Event Page';

// ------------------------------------------------------------------ real files of our own

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf: Buffer) => {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A valid RGB PNG: a solid colour with a white band, so two versions look different on screen. */
function slidePng(width: number, height: number, [r, g, b]: [number, number, number], band: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const inBand = Math.abs(y - band) < height / 10;
    for (let x = 0; x < width; x++) rows.set(inBand ? [255, 255, 255] : [r, g, b], y * (width * 3 + 1) + 1 + x * 3);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

/** A one-page PDF with a correct cross-reference table. */
function onePagePdf(text: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${`BT /F1 36 Tf 72 700 Td (${text}) Tj ET`.length} >>\nstream\nBT /F1 36 Tf 72 700 Td (${text}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const png = (name: string, colour: [number, number, number], band: number) => ({
  name,
  mimeType: 'image/png',
  buffer: slidePng(480, 270, colour, band),
});

// ------------------------------------------------------------------ helpers

/** True once the <img> has loaded real pixels (not a broken image). */
const loaded = (img: Locator) => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0);

async function openItems(page: Page, requestId: string, title: string) {
  await page.goto(`/request/${requestId}`);
  const drawer = page.getByRole('dialog', { name: title });
  await drawer.getByRole('tab', { name: 'Items' }).click();
  await expect(itemCard(page, CHANNEL)).toBeVisible();
  return drawer;
}

/** A request of the requester's whose slide deck item has two image proofs (v1 red, v2 blue), ready for review. */
async function requestWithTwoProofs(coordinator: Page, requester: Page) {
  const title = `Proof Review ${Date.now()}`;
  const requestId = await submitRequestViaApi(requester, title);
  await openItems(coordinator, requestId, title);
  const card = itemCard(coordinator, CHANNEL);

  // Version 1 through the drop zone's button and the browser's file chooser, as a person would.
  const chooser = coordinator.waitForEvent('filechooser');
  await card.getByRole('button', { name: `Upload proof for ${CHANNEL}` }).click();
  await (await chooser).setFiles(png('slide-v1.png', [200, 40, 40], 60));
  await expect(toastWith(coordinator, 'Upload successful!').filter({ hasText: 'version 1' })).toBeVisible();
  await expect(card.getByRole('img', { name: `${CHANNEL} proof v1` })).toBeVisible();

  // Version 2: the zone now offers the next version.
  const zone = card.getByRole('group', { name: 'Upload proof v2' });
  await expect(zone).toBeVisible();
  await zone.locator('input[type="file"]').setInputFiles(png('slide-v2.png', [40, 70, 200], 200));
  await expect(toastWith(coordinator, 'Upload successful!').filter({ hasText: 'version 2' })).toBeVisible();
  await expect(card.getByRole('img', { name: `${CHANNEL} proof v2` })).toBeVisible();
  await card.getByRole('button', { name: 'Mark Ready for Proof' }).click();
  await expect(card.getByText('Proof Ready', { exact: true })).toBeVisible();
  return { requestId, title };
}

// ------------------------------------------------------------------ flows

test('a requester sees the proof image, compares two versions and approves', async ({ signedInPage }) => {
  test.setTimeout(300_000);
  const [requester, coordinator] = await Promise.all([signedInPage('requester'), signedInPage('coordinator')]);
  const { requestId, title } = await requestWithTwoProofs(coordinator, requester);

  // The creative side's drawer, with the drop zone for the next version, at desktop and phone width.
  await screenshot(coordinator, 'proof-review-uploader-1280');
  await coordinator.setViewportSize({ width: 390, height: 844 });
  await itemCard(coordinator, CHANNEL).getByRole('group', { name: 'Upload proof v3' }).scrollIntoViewIfNeeded();
  await screenshot(coordinator, 'proof-review-uploader-390');

  // The requester sees the latest proof itself, with Approve and Request Changes beside it.
  const drawer = await openItems(requester, requestId, title);
  const review = itemCard(requester, CHANNEL).getByRole('region', { name: `Proof for ${CHANNEL}` });
  const latest = review.getByRole('img', { name: `${CHANNEL} proof v2` });
  await expect(latest).toBeVisible();
  await expect.poll(() => loaded(latest)).toBe(true);
  await expect(review.getByRole('button', { name: 'Approve Proof' })).toBeVisible();
  await expect(review.getByRole('button', { name: 'Request Changes' })).toBeVisible();
  await expect(review.getByRole('list', { name: `Proof versions of ${CHANNEL}` }).getByRole('listitem')).toHaveCount(2);
  await screenshot(requester, 'proof-review-drawer-1280');
  await expectAccessible(requester);

  // Full size, then the two versions side by side.
  await review.getByRole('button', { name: /View full size/ }).click();
  const full = requester.getByRole('dialog', { name: `${CHANNEL} proof v2` });
  await expect.poll(() => loaded(full.getByRole('img'))).toBe(true);
  await full.getByRole('button', { name: 'Close' }).click();
  await expect(full).toBeHidden();

  await review.getByRole('button', { name: 'Compare versions' }).click();
  const compare = requester.getByRole('dialog', { name: 'Compare versions' });
  const left = compare.getByRole('region', { name: 'Left version' }).getByRole('img', { name: `${CHANNEL} proof v1` });
  const right = compare.getByRole('region', { name: 'Right version' }).getByRole('img', { name: `${CHANNEL} proof v2` });
  await expect.poll(() => loaded(left)).toBe(true);
  await expect.poll(() => loaded(right)).toBe(true);
  // Side by side: the same top, the left one further left.
  const [l, r] = [await left.boundingBox(), await right.boundingBox()];
  expect(l && r && l.x + l.width <= r.x && Math.abs(l.y - r.y) < 2).toBe(true);
  await screenshot(requester, 'proof-review-compare-1280');
  await expectAccessible(requester);
  await compare.getByRole('button', { name: 'Close' }).click();
  await expect(compare).toBeHidden();

  // At phone width the drawer still shows the proof and its actions.
  await requester.setViewportSize({ width: 390, height: 844 });
  await review.scrollIntoViewIfNeeded();
  await screenshot(requester, 'proof-review-drawer-390');
  await expect(latest).toBeInViewport();
  await expectAccessible(requester);

  // Approve, beside the preview.
  await review.getByRole('button', { name: 'Approve Proof' }).click();
  await expect(toastWith(requester, 'Proof approval successful!')).toBeVisible();
  await expect(itemCard(requester, CHANNEL).getByText('Approved', { exact: true })).toBeVisible();
  await expect(review.getByRole('button', { name: 'Approve Proof' })).toHaveCount(0);

  // The Assets tab shows the proofs as thumbnails.
  await drawer.getByRole('tab', { name: 'Assets' }).click();
  const thumbs = drawer.getByTestId('asset-thumbnail').locator('img');
  await expect(thumbs).toHaveCount(2);
  await expect.poll(() => loaded(thumbs.first())).toBe(true);
});

test("previews load under the app's real Content-Security-Policy, a PDF included", async ({ signedInPage }) => {
  const requester = await signedInPage('requester');
  const coordinator = await signedInPage('coordinator');
  const title = `Proof CSP ${Date.now()}`;
  const requestId = await submitRequestViaApi(requester, title);
  // The PDF proof by API (the drop zone is covered above), on its own item.
  const detail = await (await coordinator.request.get(`/api/requests/${requestId}`)).json();
  const pdfItem = detail.items.find((i: { channel: string }) => i.channel === 'website_event_page');
  const { csrfToken } = await (await coordinator.request.get('/api/auth/session')).json();
  const upload = await coordinator.request.post(`/api/requests/${requestId}/assets`, {
    multipart: {
      itemId: pdfItem.id,
      file: { name: 'event-page.pdf', mimeType: 'application/pdf', buffer: onePagePdf('Proof v1') },
    },
    headers: { 'x-csrf-token': csrfToken },
  });
  expect(upload.ok(), await upload.text()).toBeTruthy();

  // The context enforces the app's CSP, as every flow's does; the console says what it refuses.
  const page = await signedInPage('requester');
  const refused: string[] = [];
  page.on('console', (m) => /Content Security Policy|Refused to/i.test(m.text()) && refused.push(m.text()));
  await page.goto(`/request/${requestId}`);
  await page.getByRole('dialog', { name: title }).getByRole('tab', { name: 'Items' }).click();
  const card = itemCard(page, PDF_CHANNEL);
  const pdfResponse = page.waitForResponse((r) => r.url().includes('/download?disposition=inline'));
  await card.getByRole('button', { name: `View ${PDF_CHANNEL} proof v1 (PDF)` }).click();
  const viewer = page.getByRole('dialog', { name: `${PDF_CHANNEL} proof v1` });
  await expect(viewer.locator('iframe')).toBeVisible();
  const res = await pdfResponse;
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  expect(res.headers()['content-disposition']).toMatch(/^inline; /);
  // Sent under a sandbox (no script of the PDF's may run), and the viewer still shows it. Asked
  // again directly: the browser reports its own viewer's headers for the frame's response.
  const direct = await page.request.get(res.url());
  expect(direct.headers()['content-security-policy']).toMatch(/^sandbox; .*script-src 'none'/);
  // The browser's own PDF viewer took the frame (a download would leave it empty) and paged the file.
  await expect.poll(() => page.frames().some((f) => f.url().startsWith('chrome-extension://'))).toBe(true);
  const pdfViewer = page.frames().find((f) => f.url().startsWith('chrome-extension://'))!;
  await expect(pdfViewer.locator('viewer-page-selector')).toBeVisible();
  await screenshot(page, 'proof-review-pdf-1280');
  expect(refused).toEqual([]);
  await page.context().close();
});
