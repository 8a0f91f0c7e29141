/** Reads Prometheus' text format as a scraper does: one sample per line, `name{label="value",...} number`. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
    if (!match) throw new Error(`not a sample: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g))
      labels[key!] = value!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The sum of the samples of `name` whose labels include `labels` (0 when there is none). */
export function sampleOf(samples: readonly Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

/** GET the metrics over HTTP, as Prometheus does. */
export async function scrape(url: string): Promise<Sample[]> {
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  if (!/^text\/plain; version=0\.0\.4/.test(res.headers.get('content-type') ?? ''))
    throw new Error(`not Prometheus' text format: ${res.headers.get('content-type')}`);
  return parseMetrics(await res.text());
}
