/** Texts of the Failed jobs screen (ours: the spec has no such screen). */
export const JOBS_TEXT = {
  title: 'Failed jobs',
  intro:
    'Background work (rendering documents ahead of time, sending email, delivering webhooks) that failed every attempt. Retry runs it once more; Discard deletes it.',
  loading: 'Loading failed jobs...',
  empty: 'No failed jobs. Everything queued has run.',
  loadError: 'Could not load the failed jobs. Reload the page to try again.',
  what: 'What',
  why: 'Why (last error)',
  attempts: 'Attempts',
  failedOn: 'Failed',
  actions: 'Actions',
  retry: 'Retry',
  retrying: 'Retrying...',
  discard: 'Discard',
  discarding: 'Discarding...',
  retried: 'The job is queued again.',
  discarded: 'The job was discarded.',
  actionFailed: 'That did not work. Reload the list and try again.',
  refresh: 'Refresh',
} as const;
