// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FileDropZone } from './file-drop-zone';

const pdf = (name = 'brief.pdf', bytes = 1536) => new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });
const nativeInput = (container: HTMLElement) => container.querySelector<HTMLInputElement>('input[type="file"]')!;

afterEach(() => vi.restoreAllMocks());

describe('FileDropZone', () => {
  it('is a labelled group whose browse button is reachable by keyboard and opens the file chooser', async () => {
    const click = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => {});
    const { container } = render(
      <FileDropZone
        id="z"
        label="Upload proof v1"
        browseText="Upload Proof"
        browseLabel="Upload proof for Banner"
        hint=".png up to 10MB"
        onFile={() => {}}
      />,
    );
    expect(screen.getByRole('group', { name: 'Upload proof v1' })).toHaveAccessibleDescription('.png up to 10MB');
    // The native control is hidden from people and the tab order; the button stands in for it.
    expect(nativeInput(container)).toHaveAttribute('tabindex', '-1');
    expect(nativeInput(container)).toHaveAttribute('aria-hidden', 'true');
    await userEvent.tab();
    const browse = screen.getByRole('button', { name: 'Upload proof for Banner' });
    expect(browse).toHaveFocus();
    expect(browse).toHaveTextContent('Upload Proof');
    await userEvent.keyboard('{Enter}');
    expect(click).toHaveBeenCalledTimes(1);
  });

  it('hands over a chosen or dropped file, and ignores drops while disabled', async () => {
    const onFile = vi.fn();
    const { container, rerender } = render(<FileDropZone id="z" label="File" onFile={onFile} />);
    const chosen = pdf();
    await userEvent.upload(nativeInput(container), chosen);
    expect(onFile).toHaveBeenLastCalledWith(chosen);

    const zone = screen.getByRole('group', { name: 'File' });
    const dropped = pdf('dropped.pdf');
    fireEvent.dragEnter(zone, { dataTransfer: { files: [dropped] } });
    expect(zone).toHaveAttribute('data-dragging', 'true');
    fireEvent.drop(zone, { dataTransfer: { files: [dropped] } });
    expect(onFile).toHaveBeenLastCalledWith(dropped);
    expect(zone).not.toHaveAttribute('data-dragging');

    rerender(<FileDropZone id="z" label="File" onFile={onFile} disabled />);
    fireEvent.drop(zone, { dataTransfer: { files: [pdf('late.pdf')] } });
    expect(onFile).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('button', { name: 'Browse files' })).toBeDisabled();
  });

  it('shows the file name and size, and the progress while uploading', () => {
    const { rerender } = render(<FileDropZone id="z" label="File" file={pdf('poster.pdf', 2048)} onFile={() => {}} />);
    expect(screen.getByText('poster.pdf')).toBeInTheDocument();
    expect(screen.getByText('2.0 KB')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    rerender(<FileDropZone id="z" label="File" file={pdf('poster.pdf', 2048)} progress={0.42} onFile={() => {}} />);
    const bar = screen.getByRole('progressbar', { name: 'Uploading poster.pdf' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getByText('42%')).toBeInTheDocument();
  });
});
