import { File as FileIcon, UploadCloud } from 'lucide-react';
import { useRef, useState, type DragEvent } from 'react';
import { formatBytes } from '@web/lib/format-bytes';
import { Button } from './button';

export interface FileDropZoneProps {
  /** Base of the element ids (must be unique on the page). */
  id: string;
  /** What the zone is for, shown as its title and naming its group. */
  label: string;
  /** Visible text of the browse button. */
  browseText?: string;
  /** Accessible name of the browse button when the visible text needs context (must contain it). */
  browseLabel?: string;
  accept?: string;
  /** Which files are accepted, shown under the button. */
  hint?: string;
  /** The chosen or uploading file, shown by name and size. */
  file?: File | null;
  /** 0..1 while uploading, null otherwise. */
  progress?: number | null;
  disabled?: boolean;
  onFile: (file: File) => void;
}

/**
 * A styled file picker: drop a file on it or use the browse button, which is a real,
 * focusable button; the native input stays hidden. Shows the file's name, size and upload progress.
 */
export function FileDropZone({
  id,
  label,
  browseText = 'Browse files',
  browseLabel,
  accept,
  hint,
  file = null,
  progress = null,
  disabled = false,
  onFile,
}: FileDropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const take = (files: FileList | null | undefined) => {
    const first = files?.[0];
    if (first && !disabled) onFile(first);
  };
  const drag = (over: boolean) => (e: DragEvent) => {
    e.preventDefault();
    if (!disabled) setDragging(over);
  };
  return (
    <div
      role="group"
      aria-labelledby={`${id}-label`}
      aria-describedby={hint ? `${id}-hint` : undefined}
      data-dragging={dragging || undefined}
      onDragEnter={drag(true)}
      onDragOver={drag(true)}
      onDragLeave={drag(false)}
      onDrop={(e) => {
        e.preventDefault();
        setDragging(false);
        take(e.dataTransfer?.files);
      }}
      className={`rounded-lg border-2 border-dashed p-4 text-center transition-colors ${
        dragging ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-white'
      } ${disabled ? 'opacity-70' : ''}`}
    >
      <UploadCloud className="mx-auto h-6 w-6 text-slate-400" aria-hidden />
      <p id={`${id}-label`} className="mt-1 text-sm font-medium text-slate-900">
        {label}
      </p>
      <p className="mt-1 text-sm text-slate-600">
        Drop a file here, or{' '}
        <Button
          variant="outline"
          size="sm"
          className="ml-1"
          disabled={disabled}
          aria-label={browseLabel}
          onClick={() => input.current?.click()}
        >
          {browseText}
        </Button>
      </p>
      {hint && (
        <p id={`${id}-hint`} className="mt-2 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {file && <ChosenFile file={file} progress={progress} />}
      <input
        ref={input}
        id={`${id}-input`}
        type="file"
        accept={accept}
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        disabled={disabled}
        onChange={(e) => {
          take(e.target.files);
          // Cleared so choosing the same file again still fires a change.
          e.target.value = '';
        }}
      />
    </div>
  );
}

function ChosenFile({ file, progress }: { file: File; progress: number | null }) {
  const percent = progress === null ? null : Math.round(progress * 100);
  return (
    <div className="mt-3 rounded-md border border-slate-200 bg-slate-50 p-2 text-left">
      <div className="flex items-center gap-2 text-sm">
        <FileIcon className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
        <span className="min-w-0 flex-1 truncate font-medium text-slate-900" title={file.name}>
          {file.name}
        </span>
        <span className="shrink-0 text-xs text-slate-500">{formatBytes(file.size)}</span>
      </div>
      {percent !== null && (
        <div className="mt-2 flex items-center gap-2">
          <div
            role="progressbar"
            aria-label={`Uploading ${file.name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
          </div>
          <span className="w-10 text-right text-xs tabular-nums text-slate-600">{percent}%</span>
        </div>
      )}
    </div>
  );
}
