import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Archive, Download, Loader2 } from 'lucide-react';
import { BACKUP_KEEP_MAX, BACKUP_KEEP_MIN, BACKUP_MESSAGES, type BackupsSetting } from '@shared/api/backups';
import { formatDateTime } from '@shared/domain/dates';
import { Button } from '@web/components/ui/button';
import { DataTable } from '@web/components/ui/data-table';
import { FieldError } from '@web/components/ui/input';
import { EmptyState } from '@web/components/ui/states';
import { formatBytes } from '@web/lib/format-bytes';
import { backupDownloadUrl, backupsQuery, useSaveBackupSettings, useTakeBackup } from '../api/backups';
import { lastChangedText, SaveButton, SettingSection } from './section-header';

/**
 * Backups (decision 0054): whether the daily backup runs and how many archives it keeps, where they
 * go on the server, and the archives there now, each downloadable by an admin.
 */
export function BackupsSection() {
  const setting = useQuery(backupsQuery);
  return (
    <SettingSection
      id="backups-heading"
      icon={Archive}
      title={BACKUP_MESSAGES.heading}
      description={BACKUP_MESSAGES.explanation}
      query={setting}
      fetchFailed={BACKUP_MESSAGES.fetchFailed}
      bodyClassName="space-y-5"
    >
      {(data) => (
        <>
          <BackupsForm key={`${data.enabled}-${data.keep}`} setting={data} />
          <BackupsList setting={data} />
        </>
      )}
    </SettingSection>
  );
}

function BackupsForm({ setting }: { setting: BackupsSetting }) {
  const [enabled, setEnabled] = useState(setting.enabled);
  const [keep, setKeep] = useState(String(setting.keep));
  const save = useSaveBackupSettings();
  const keepNumber = Number(keep);
  const keepValid = /^\d+$/.test(keep) && keepNumber >= BACKUP_KEEP_MIN && keepNumber <= BACKUP_KEEP_MAX;
  const changed = enabled !== setting.enabled || keepNumber !== setting.keep;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (keepValid) save.mutate({ enabled, keep: keepNumber });
  };
  return (
    <form className="space-y-3" onSubmit={submit} noValidate>
      <label htmlFor="backups-enabled" className="flex cursor-pointer items-start gap-3 text-sm text-slate-800">
        <input
          id="backups-enabled"
          type="checkbox"
          role="switch"
          className="mt-0.5 h-5 w-5 shrink-0 accent-brand-600"
          checked={enabled}
          onChange={(e) => setEnabled(e.target.checked)}
          aria-describedby="backups-where"
        />
        <span className="font-medium">{BACKUP_MESSAGES.enabledLabel}</span>
      </label>
      <div className="flex flex-wrap items-start gap-3 pl-8">
        <div>
          <label htmlFor="backups-keep" className="mb-1 block text-sm font-medium text-slate-700">
            {BACKUP_MESSAGES.keepLabel}
          </label>
          <input
            id="backups-keep"
            type="number"
            inputMode="numeric"
            min={BACKUP_KEEP_MIN}
            max={BACKUP_KEEP_MAX}
            value={keep}
            onChange={(e) => setKeep(e.target.value)}
            aria-invalid={!keepValid}
            aria-describedby={keepValid ? undefined : 'backups-keep-error'}
            className="w-24 rounded-md border border-slate-300 px-2 py-1.5 text-sm focus:outline-none focus:ring-2 focus:ring-brand-500 aria-[invalid=true]:border-red-500"
          />
          <FieldError id="backups-keep-error" message={keepValid ? undefined : BACKUP_MESSAGES.keepInvalid} />
        </div>
        <SaveButton pending={save.isPending} disabled={!changed || !keepValid} className="mt-6" />
      </div>
      <p id="backups-where" className="pl-8 text-xs text-slate-500">
        Backups go to {setting.directory} on the server
        {setting.directoryConfigured ? ' (BACKUP_DIR)' : ''}; the oldest beyond the number to keep are deleted after each new one.
        {setting.database === 'pg' && !setting.directoryConfigured && ' With several instances, set BACKUP_DIR to a disk they share.'}
        {!setting.chosen &&
          ` ${setting.enabled ? 'On' : 'Off'} by default on ${setting.database === 'pglite' ? 'the embedded database' : 'PostgreSQL without BACKUP_DIR'}.`}
        {lastChangedText(setting)}
      </p>
    </form>
  );
}

function BackupsList({ setting }: { setting: BackupsSetting }) {
  const take = useTakeBackup();
  return (
    <section aria-labelledby="backups-list-heading">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 id="backups-list-heading" className="text-sm font-semibold text-slate-900">
          {BACKUP_MESSAGES.listHeading}
        </h3>
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={take.isPending}
          aria-busy={take.isPending}
          onClick={() => take.mutate()}
        >
          {take.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : <Archive className="h-4 w-4" aria-hidden />}
          {take.isPending ? BACKUP_MESSAGES.backingUp : BACKUP_MESSAGES.backUpNow}
        </Button>
      </div>
      {setting.backups.length === 0 ? (
        <EmptyState>{BACKUP_MESSAGES.empty}</EmptyState>
      ) : (
        <div className="overflow-x-auto">
          <DataTable
            headClassName="text-xs uppercase text-slate-500"
            headerCellClassName="py-2 font-medium"
            cellClassName="py-2"
            rows={setting.backups}
            rowKey={(b) => b.name}
            columns={[
              { key: 'made', header: 'Made', headerClassName: 'pr-3', className: 'pr-3', cell: (b) => formatDateTime(b.createdAt) },
              {
                key: 'name',
                header: 'Name',
                headerClassName: 'hidden pr-3 sm:table-cell',
                className: 'hidden break-all pr-3 font-mono text-xs text-slate-600 sm:table-cell',
                cell: (b) => b.name,
              },
              {
                key: 'size',
                header: 'Size',
                headerClassName: 'pr-3',
                className: 'whitespace-nowrap pr-3',
                cell: (b) => formatBytes(b.size),
              },
              {
                key: 'download',
                header: 'Download',
                hideHeader: true,
                className: 'text-right',
                cell: (b) => (
                  <a
                    href={backupDownloadUrl(b.name)}
                    download
                    aria-label={`Download ${b.name}`}
                    className="inline-flex items-center gap-1 rounded px-2 py-1 text-brand-700 hover:bg-brand-50 focus:outline-none focus:ring-2 focus:ring-brand-500"
                  >
                    <Download className="h-4 w-4" aria-hidden />
                    Download
                  </a>
                ),
              },
            ]}
          />
        </div>
      )}
    </section>
  );
}
