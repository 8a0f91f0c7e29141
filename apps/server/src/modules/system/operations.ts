import { backupSettingsSchema } from '@icehouse/domain';
import { defineOperation, operationSet } from '../../operations/define';
import { backupRunAnswer, backupSettingsAnswer, backupsAnswer, systemStatusSchema } from './schemas';
import { getSystemStatus } from './service';
import { saveBackupSettings } from './backup-settings';
import { backupsOverview, startBackup } from './backup-schedule';

export const systemOperations = operationSet('system', {
  /** The web's status screen (no REST binding: /healthz answers probes). The database kind and version are not for anonymous callers. */
  status: defineOperation({
    kind: 'query',
    access: 'signedIn',
    output: systemStatusSchema,
    run: ({ deps }) => getSystemStatus(deps),
  }),
  /** The status screen's Backups section (decision 255): settings, where they go, the next one, the last ones. */
  backups: defineOperation({
    kind: 'query',
    access: 'admin',
    output: backupsAnswer,
    run: ({ deps }) => backupsOverview(deps),
  }),
  saveBackupSettings: defineOperation({
    kind: 'mutation',
    access: 'admin',
    input: backupSettingsSchema,
    output: backupSettingsAnswer,
    run: ({ deps, input }) => saveBackupSettings(deps, input),
  }),
  /** Back up now: queues a backup (409 while one is under way). */
  startBackup: defineOperation({
    kind: 'mutation',
    access: 'admin',
    output: backupRunAnswer,
    run: ({ deps, user }) => startBackup(deps, user),
  }),
});
