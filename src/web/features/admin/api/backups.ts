import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { BACKUP_MESSAGES, type BackupSettingsBody, type BackupsSetting } from '@shared/api/backups';
import { toast } from '@web/components/ui/toast-store';
import { api } from '@web/lib/api';

const URL = '/api/admin/backups';

/** Scheduled backups, where they go and the archives there (admin only, decision 0054). */
export const backupsQuery = queryOptions({
  queryKey: ['admin', 'backups'],
  queryFn: () => api.get<BackupsSetting>(URL),
});

/** An archive's download link: admins only, streamed by the server. */
export const backupDownloadUrl = (name: string) => `${URL}/${encodeURIComponent(name)}/download`;

export function useSaveBackupSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BackupSettingsBody) => api.put<BackupsSetting>(`${URL}/settings`, body),
    onSuccess: (setting) => {
      queryClient.setQueryData(backupsQuery.queryKey, setting);
      toast({ title: BACKUP_MESSAGES.saved });
    },
    onError: (err) => {
      toast({ title: BACKUP_MESSAGES.saveFailed, description: err.message, variant: 'destructive' });
    },
  });
}

/** 'Back up now': one archive of the whole church, made on the server; the list answers it. */
export function useTakeBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<BackupsSetting>(URL, {}),
    onSuccess: (setting) => {
      queryClient.setQueryData(backupsQuery.queryKey, setting);
      toast({ title: BACKUP_MESSAGES.backedUp });
    },
    onError: (err) => {
      toast({ title: BACKUP_MESSAGES.backUpFailed, description: err.message, variant: 'destructive' });
    },
  });
}
