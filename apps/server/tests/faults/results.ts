import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Figures of the faults run (requests tried, faults injected, data lost...), one JSON file per test
 * in the OS temp folder; the faults config's global setup clears them and its teardown prints them.
 */
export const RESULTS_DIR = path.join(tmpdir(), 'icehouse-faults-results');

export function record(name: string, figures: Record<string, unknown>): void {
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(path.join(RESULTS_DIR, `${name}.json`), JSON.stringify(figures, null, 2));
  console.info(`[faults] ${name}: ${JSON.stringify(figures)}`);
}

export function clearResults(): void {
  rmSync(RESULTS_DIR, { recursive: true, force: true });
}

export function readResults(): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  try {
    for (const file of readdirSync(RESULTS_DIR).sort()) {
      if (file.endsWith('.json')) out[file.slice(0, -5)] = JSON.parse(readFileSync(path.join(RESULTS_DIR, file), 'utf8')) as Record<string, unknown>;
    }
  } catch {
    // none yet
  }
  return out;
}
