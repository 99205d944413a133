import { z } from 'zod';
import { backupSettingsBody, backupsSchema } from '../../../shared/api/backups';
import type { AppContext } from '../../platform/context';
import type { ZApp } from '../../platform/http';
import { openBackup, readBackups, saveBackupSettings, takeBackup } from './service';

/** Backups on Admin Settings (admin only; decision 0054). */
export async function backupRoutes(app: ZApp, ctx: AppContext) {
  app.get('/api/admin/backups', { config: { policy: { minRole: 'admin' } }, schema: { response: { 200: backupsSchema } } }, async () =>
    readBackups(ctx),
  );

  app.post('/api/admin/backups', { config: { policy: { minRole: 'admin' } }, schema: { response: { 200: backupsSchema } } }, async () =>
    takeBackup(ctx),
  );

  app.put(
    '/api/admin/backups/settings',
    { config: { policy: { minRole: 'admin' } }, schema: { body: backupSettingsBody, response: { 200: backupsSchema } } },
    async (request) => saveBackupSettings(ctx, request.body, request.user!.id),
  );

  // The archive holds every person's data and password hashes: admins only, streamed from the disk.
  app.get(
    '/api/admin/backups/:name/download',
    { config: { policy: { minRole: 'admin' } }, schema: { params: z.object({ name: z.string().max(100) }) } },
    async (request, reply) => {
      const { stream, size } = await openBackup(ctx, request.params.name);
      return reply
        .header('content-type', 'application/gzip')
        .header('content-length', size)
        .header('content-disposition', `attachment; filename="${request.params.name}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
}
