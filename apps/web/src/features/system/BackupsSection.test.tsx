import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SystemStatusPage } from './SystemStatusPage';
import { renderWithServer } from '../../test/render';
import { trpcBatch, TrpcTestError } from '../../test/fakeFetch';

const run = (over: Record<string, unknown>) => ({
  id: 1,
  trigger: 'scheduled',
  scheduled_for: '2026-11-28',
  status: 'verified',
  created_at: '2026-11-28T08:00:00.000Z',
  started_at: '2026-11-28T08:00:00.000Z',
  finished_at: '2026-11-28T08:00:12.000Z',
  file_name: 'icehouse-pglite-20261128-080000Z-1.tar',
  size_bytes: 5 * 1024 * 1024 + 300 * 1024,
  duration_ms: 12000,
  rows_checked: 1200,
  blobs: 3,
  error: null,
  removed: false,
  ...over,
});

function server(state: { settings: { enabled: boolean; time: string; keep: number }; runs: ReturnType<typeof run>[]; saved: unknown[] }) {
  return trpcBatch({
    'system.status': () => ({ status: 'ok', database: 'pglite', version: '0.1.0' }),
    'system.backups': () => ({
      settings: { ...state.settings, enabled_by_default: false },
      location: '/srv/icehouse/data/blobs/backups',
      next_at: state.settings.enabled ? '2026-11-30T08:00:00.000Z' : null,
      results: state.runs,
    }),
    'system.saveBackupSettings': (input) => {
      state.saved.push(input);
      const next = input as { enabled: boolean; time: string; keep: number };
      if (next.keep > 30) {
        throw new TrpcTestError({ message: 'Invalid', code: 'BAD_REQUEST', appCode: 'VALIDATION', fieldErrors: { keep: ['Keep at most 30 here.'] } });
      }
      state.settings = next;
      return { ...next, enabled_by_default: false };
    },
    'system.startBackup': () => {
      const queued = run({ id: 3, trigger: 'manual', scheduled_for: null, status: 'queued', finished_at: null, size_bytes: null, file_name: null });
      state.runs = [queued, ...state.runs];
      return queued;
    },
  });
}

describe('the status screen’s Backups section', () => {
  it('lists the last backups (time, size, verified, error) and when the next one is due', async () => {
    const state = {
      settings: { enabled: true, time: '02:00', keep: 7 },
      runs: [run({ id: 2, status: 'failed', size_bytes: null, error: 'The stored backup does not read to its end: Unexpected end of data' }), run({})],
      saved: [],
    };
    renderWithServer(<SystemStatusPage />, server(state));
    const section = await screen.findByRole('region', { name: 'Backups' });
    const table = await within(section).findByRole('table', { name: 'Last backups' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Failed');
    expect(rows[0]).toHaveTextContent('does not read to its end');
    expect(rows[1]).toHaveTextContent('5.3 MB');
    expect(rows[1]).toHaveTextContent('Verified');
    expect(within(section).getByText(/Next backup:/)).toBeInTheDocument();
    expect(within(section).getByText('Kept in /srv/icehouse/data/blobs/backups')).toBeInTheDocument();
    expect(within(section).getByRole('checkbox', { name: 'Take a backup every day' })).toBeChecked();
    expect(within(section).getByRole('textbox', { name: 'Time of day' })).toHaveValue('02:00');
  });

  it('saves the settings, shows a refused field on it, and starts a backup now', async () => {
    const state = { settings: { enabled: false, time: '02:00', keep: 7 }, runs: [] as ReturnType<typeof run>[], saved: [] as unknown[] };
    renderWithServer(<SystemStatusPage />, server(state));
    const section = await screen.findByRole('region', { name: 'Backups' });
    expect(await within(section).findByText('Scheduled backups are off.')).toBeInTheDocument();
    expect(within(section).getByText('No backups yet.')).toBeInTheDocument();

    await userEvent.click(within(section).getByRole('checkbox', { name: 'Take a backup every day' }));
    expect(within(section).getByRole('checkbox', { name: 'Take a backup every day' })).toBeChecked();
    const time = within(section).getByRole('textbox', { name: 'Time of day' });
    await userEvent.clear(time);
    await userEvent.type(time, '25:00');
    expect(within(section).getByRole('checkbox', { name: 'Take a backup every day' })).toBeChecked();
    await userEvent.click(within(section).getByRole('button', { name: 'Save backup settings' }));
    expect(within(section).getByRole('checkbox', { name: 'Take a backup every day' })).toBeChecked();
    // The domain's rule refuses it before anything is sent.
    expect(await within(section).findByText('Enter a time of day as HH:MM (24-hour), e.g. 02:00.')).toBeInTheDocument();
    expect(state.saved).toEqual([]);

    await userEvent.clear(time);
    await userEvent.type(time, '03:30');
    const keep = within(section).getByRole('spinbutton', { name: 'Backups to keep' });
    await userEvent.clear(keep);
    await userEvent.type(keep, '40');
    await userEvent.click(within(section).getByRole('button', { name: 'Save backup settings' }));
    expect(await within(section).findByText('Keep at most 30 here.')).toBeInTheDocument();

    await userEvent.clear(keep);
    await userEvent.type(keep, '14');
    await userEvent.click(within(section).getByRole('button', { name: 'Save backup settings' }));
    expect(await within(section).findByText('Backup settings saved.')).toBeInTheDocument();
    expect(state.saved.at(-1)).toEqual({ enabled: true, time: '03:30', keep: 14 });
    expect(await within(section).findByText(/Next backup:/)).toBeInTheDocument();

    await userEvent.click(within(section).getByRole('button', { name: 'Back up now' }));
    expect(await within(section).findByText('The backup has started. It shows below when it is done.')).toBeInTheDocument();
    const table = await within(section).findByRole('table', { name: 'Last backups' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Waiting');
  });
});
