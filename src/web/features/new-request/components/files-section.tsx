import { FileText, Upload, X } from 'lucide-react';
import { useRef, useState, type DragEvent } from 'react';
import { ACCEPTED_FILE_EXTENSIONS, MAX_FILE_BYTES, MAX_FILES_PER_REQUEST } from '@shared/domain/constants';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast-store';
import { formatBytes } from '@web/lib/format-bytes';
import { ACCEPT_ATTRIBUTE, hasAcceptedExtension } from '../lib/form-values';
import { FormSection } from './field';

/**
 * Checks picked or dropped files (guide/requests.md#files-on-a-request): more than five in all refuses the
 * batch; a file over 10MB or of another type is skipped with a message, the rest are kept.
 */
export function acceptFiles(current: File[], incoming: File[]): File[] {
  if (current.length + incoming.length > MAX_FILES_PER_REQUEST) {
    toast({ title: 'File limit exceeded', description: 'You can upload a maximum of 5 files.', variant: 'destructive' });
    return current;
  }
  const kept: File[] = [];
  for (const file of incoming) {
    if (!hasAcceptedExtension(file.name)) {
      toast({
        title: 'File type not allowed',
        description: `${file.name} is not an accepted file type (${ACCEPTED_FILE_EXTENSIONS.join(', ')}).`,
        variant: 'destructive',
      });
    } else if (file.size > MAX_FILE_BYTES) {
      toast({ title: 'File too large', description: `${file.name} exceeds the 10MB limit.`, variant: 'destructive' });
    } else {
      kept.push(file);
    }
  }
  return [...current, ...kept];
}

export function FilesSection({ files, onChange }: { files: File[]; onChange: (files: File[]) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const add = (list: FileList | null) => {
    if (list && list.length > 0) onChange(acceptFiles(files, Array.from(list)));
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    add(e.dataTransfer.files);
  };
  return (
    <FormSection
      title="Assets and Files"
      description={`Up to ${MAX_FILES_PER_REQUEST} files, 10MB each: ${ACCEPTED_FILE_EXTENSIONS.join(', ')}.`}
    >
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`flex flex-col items-center gap-2 rounded-lg border-2 border-dashed p-6 text-center text-sm ${
          dragging ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-slate-50'
        }`}
      >
        <Upload className="h-6 w-6 text-slate-500" aria-hidden />
        <p className="text-slate-600">Drag files here, or</p>
        <Button variant="outline" size="sm" onClick={() => input.current?.click()}>
          Choose files
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          accept={ACCEPT_ATTRIBUTE}
          aria-label="Upload files"
          tabIndex={-1}
          className="sr-only"
          onChange={(e) => {
            add(e.target.files);
            e.target.value = '';
          }}
        />
      </div>
      {files.length > 0 && (
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200" aria-label="Selected files">
          {files.map((file, i) => (
            <li key={`${file.name}-${i}`} className="flex items-center gap-3 px-3 py-2 text-sm">
              <FileText className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
              <span className="min-w-0 flex-1 truncate text-slate-800">{file.name}</span>
              <span className="text-xs text-slate-500">{formatBytes(file.size)}</span>
              <Button
                variant="ghost"
                size="icon"
                className="h-8 w-8"
                aria-label={`Remove ${file.name}`}
                onClick={() => onChange(files.filter((_, j) => j !== i))}
              >
                <X className="h-4 w-4" aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </FormSection>
  );
}
