/** Reading a server's /metrics (Prometheus text) in the benchmarks. */
import type { ServerProc } from '../test/support/ops-proc';

export async function metrics(p: ServerProc): Promise<string> {
  return (await fetch(`${p.http}/metrics`)).text();
}

/** One sample's value (the first series of that name). */
export function metric(text: string, name: string): number {
  const m = new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+-]+)$`, 'm').exec(text);
  if (!m) throw new Error(`no ${name} in /metrics`);
  return Number(m[1]);
}

/** A histogram's cumulative buckets. */
export function buckets(text: string, name: string): { le: string; n: number }[] {
  return [...text.matchAll(new RegExp(`^${name}_bucket\\{le="([^"]+)"[^}]*\\} (\\d+)$`, 'gm'))].map((m) => ({ le: m[1], n: Number(m[2]) }));
}
