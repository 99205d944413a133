// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AssetDto, DetailItem } from '@shared/api/request-detail';
import { AssetsTab } from './assets-tab';
import { ItemsTab } from './items-tab';
import { ProofPreview } from './proof-preview';
import { UploadAssetSection } from './upload-asset-section';
import { detailItem, NO_ITEM_ACTIONS, requestDetail } from '@web/test/request-detail';
import { renderWithClient } from '@web/test/test-utils';

const ITEM = '22222222-2222-4222-8222-222222222222';
const PNG = 'image/png';
const PDF = 'application/pdf';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

function asset(version: number, over: Partial<AssetDto> = {}): AssetDto {
  return {
    id: `a${version}`,
    fileName: `slide-v${version}.png`,
    fileSize: 2048,
    fileType: PNG,
    versionNumber: version,
    itemId: ITEM,
    uploader: { id: 'c1', fullName: 'Chloe Creative' },
    createdAt: `2030-01-0${version}T12:00:00.000Z`,
    ...over,
  };
}

/** The item under review: its third proof waiting, the reader allowed what `over` says. */
const item = (over: Partial<DetailItem['allowedActions']> = {}, latestProofVersion: number | null = 3): DetailItem =>
  detailItem({ id: ITEM, latestProofVersion, allowedActions: { ...NO_ITEM_ACTIONS, ...over } });

/** The request with `items` and `assets`: each item carries its proofs, newest version first, as the API sends them. */
const detail = (items: DetailItem[], assets: AssetDto[]) =>
  requestDetail({
    id: 'r1',
    items: items.map((i) => ({
      ...i,
      proofs: assets.filter((a) => a.itemId === i.id).sort((a, b) => b.versionNumber - a.versionNumber),
    })),
    assets,
  });

const renderWithQuery = (ui: React.ReactElement) => renderWithClient(ui);

describe('ProofPreview', () => {
  it('shows an image inline through the preview route and opens it full size', async () => {
    render(<ProofPreview asset={asset(2)} title="Sunday Slide Deck proof v2" />);
    const img = screen.getByRole('img', { name: 'Sunday Slide Deck proof v2' });
    expect(img).toHaveAttribute('src', '/api/assets/a2/download?disposition=inline');
    await userEvent.click(screen.getByRole('button', { name: /View full size/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Sunday Slide Deck proof v2' });
    expect(within(dialog).getByRole('img', { name: 'Sunday Slide Deck proof v2' })).toHaveAttribute(
      'src',
      '/api/assets/a2/download?disposition=inline',
    );
    expect(within(dialog).getByRole('link', { name: 'Download' })).toHaveAttribute('href', '/api/assets/a2/download');
  });

  it("opens a PDF in the browser's viewer in a dialog", async () => {
    render(<ProofPreview asset={asset(1, { fileName: 'poster.pdf', fileType: PDF })} title="Banner proof v1" />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('poster.pdf')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'View Banner proof v1 (PDF)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Banner proof v1' });
    expect(within(dialog).getByTitle('Banner proof v1')).toHaveAttribute('src', '/api/assets/a1/download?disposition=inline');
  });

  it('offers any other file as a named download, never inline', () => {
    render(<ProofPreview asset={asset(1, { fileName: 'copy.docx', fileType: DOCX })} title="Bulletin proof v1" />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download copy.docx' })).toHaveAttribute('href', '/api/assets/a1/download');
  });
});

describe('the Items tab proof review', () => {
  const proofs = [asset(1), asset(3), asset(2, { itemId: ITEM }), asset(9, { itemId: null, fileName: 'flyer.png' })];

  it('puts the latest proof beside Approve and Request Changes, and lists every version', () => {
    renderWithQuery(<ItemsTab detail={detail([item({ canReviewProof: true })], proofs)} />);
    const review = screen.getByRole('region', { name: 'Proof for Sunday Slide Deck' });
    expect(within(review).getByRole('img', { name: 'Sunday Slide Deck proof v3' })).toBeInTheDocument();
    expect(within(review).getByRole('button', { name: 'Approve Proof' })).toBeInTheDocument();
    expect(within(review).getByRole('button', { name: 'Request Changes' })).toBeInTheDocument();
    const versions = within(review).getByRole('list', { name: 'Proof versions of Sunday Slide Deck' });
    // Newest first; the request's own file (no item) is not a proof.
    expect(
      within(versions)
        .getAllByRole('listitem')
        .map((li) => li.textContent?.match(/^v\d+/)?.[0]),
    ).toEqual(['v3', 'v2', 'v1']);
    expect(within(versions).getAllByRole('listitem')[0]).toHaveTextContent('Latest');
    expect(within(versions).getByRole('link', { name: 'Download Sunday Slide Deck proof v1' })).toHaveAttribute(
      'href',
      '/api/assets/a1/download',
    );
  });

  it('opens an earlier version large from the versions list', async () => {
    renderWithQuery(<ItemsTab detail={detail([item()], proofs)} />);
    await userEvent.click(screen.getByRole('button', { name: 'View Sunday Slide Deck proof v1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sunday Slide Deck proof v1' });
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', '/api/assets/a1/download?disposition=inline');
  });

  it('compares the previous version with the latest side by side, and any two on request', async () => {
    renderWithQuery(<ItemsTab detail={detail([item()], proofs)} />);
    await userEvent.click(screen.getByRole('button', { name: 'Compare versions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Compare versions' });
    const left = within(dialog).getByRole('region', { name: 'Left version' });
    const right = within(dialog).getByRole('region', { name: 'Right version' });
    expect(within(left).getByRole('img')).toHaveAccessibleName('Sunday Slide Deck proof v2');
    expect(within(right).getByRole('img')).toHaveAccessibleName('Sunday Slide Deck proof v3');
    await userEvent.selectOptions(within(left).getByLabelText('Left version'), 'a1');
    expect(within(left).getByRole('img')).toHaveAccessibleName('Sunday Slide Deck proof v1');
  });

  it('offers no review, compare or versions list when the server gives no such action or a single proof', () => {
    renderWithQuery(<ItemsTab detail={detail([item({}, 1)], [asset(1)])} />);
    expect(screen.getByRole('img', { name: 'Sunday Slide Deck proof v1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve Proof' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Compare versions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: /Proof versions/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload proof for Sunday Slide Deck' })).not.toBeInTheDocument();
  });

  it('says a proof is missing, and offers no Approve Proof, on an item in Proof Ready without one', () => {
    // The server gives no review action then; the drawer says why.
    renderWithQuery(<ItemsTab detail={detail([item({ canReviewProof: false }, null)], [])} />);
    expect(screen.getByText(/A proof is missing/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve Proof' })).not.toBeInTheDocument();
  });

  it('gives the creative a drop zone for the next proof version', () => {
    renderWithQuery(<ItemsTab detail={detail([item({ canUploadProof: true }, 2)], [asset(1), asset(2)])} />);
    expect(screen.getByRole('group', { name: 'Upload proof v3' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload proof for Sunday Slide Deck' })).toHaveTextContent('Upload Proof');
  });
});

describe('the Assets tab', () => {
  it('shows a thumbnail for images and an icon for other files', () => {
    const files = [asset(1, { itemId: null }), asset(2, { itemId: null, fileName: 'brief.pdf', fileType: PDF })];
    renderWithQuery(<AssetsTab detail={detail([], files)} />);
    const thumbs = screen.getAllByTestId('asset-thumbnail');
    expect(thumbs).toHaveLength(1);
    expect(thumbs[0].querySelector('img')).toHaveAttribute('src', '/api/assets/a1/download?disposition=inline');
    expect(screen.getByRole('link', { name: 'brief.pdf' })).toHaveAttribute('href', '/api/assets/a2/download');
  });
});

describe('the Upload Asset section', () => {
  it('shows the chosen file by name and size before it is sent', async () => {
    const { container } = renderWithQuery(<UploadAssetSection requestId="r1" />);
    const send = screen.getByRole('button', { name: 'Upload Asset' });
    expect(send).toBeDisabled();
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, new File([new Uint8Array(3 * 1024 * 1024)], 'flyer.png', { type: PNG }));
    expect(screen.getByText('flyer.png')).toBeInTheDocument();
    expect(screen.getByText('3.0 MB')).toBeInTheDocument();
    expect(send).toBeEnabled();
  });
});
