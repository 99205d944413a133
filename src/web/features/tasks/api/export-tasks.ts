import { qs } from '@web/lib/api';
import type { TaskScope } from './get-tasks';

/** A task list's CSV export: its open work, the scope on screen. */
export const tasksExportUrl = (scope: TaskScope) => `/api/tasks/export.csv${qs({ scope })}`;
