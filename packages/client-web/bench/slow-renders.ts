/**
 * npx ts-node -P packages/client-web/tsconfig.test.json --transpile-only packages/client-web/bench/slow-renders.ts [label] [share]
 *
 * Where the JS of the slowest renders goes: reads a render bench run made with `--trace --profile`
 * (test-artifacts/client-web/bench-render-<label>.trace.json and .cpuprofile, label `current` by default), takes the
 * slowest `share` of the animation-frame callbacks (0.2 by default) and sums the profile's samples that fall inside
 * them: self time by function, and time by the project's function it was called under (inclusive), named by the
 * bundle's source maps. The whole game's profile mostly shows idle time and the browser's own work; the renders that
 * make the p90 are what the target is about.
 */
import * as fs from 'fs';
import * as path from 'path';
import { ARTIFACTS, DIST } from '../test/e2e-support';
import { FrameNames, type CallFrame } from './source-map';

const label = process.argv[2] ?? 'current';
const share = Number(process.argv[3] ?? 0.2);
type Ev = { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: { name?: string } };
const trace = JSON.parse(fs.readFileSync(path.join(ARTIFACTS, `bench-render-${label}.trace.json`), 'utf8')) as { traceEvents: Ev[] };
interface Node { id: number; parent?: number; children?: number[]; callFrame: CallFrame }
const profile = JSON.parse(fs.readFileSync(path.join(ARTIFACTS, `bench-render-${label}.cpuprofile`), 'utf8')) as { nodes: Node[]; startTime: number; samples: number[]; timeDeltas: number[] };

const main = trace.traceEvents.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')!;
const frames = trace.traceEvents.filter((e) => e.name === 'FireAnimationFrame' && e.pid === main.pid && e.tid === main.tid && e.dur !== undefined)
  .sort((a, b) => b.dur! - a.dur!);
const slow = frames.slice(0, Math.max(1, Math.ceil(frames.length * share))).sort((a, b) => a.ts - b.ts);

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
for (const n of profile.nodes) for (const c of n.children ?? []) byId.get(c)!.parent = n.id;
const names = new FrameNames(DIST);
const named = new Map<number, { name: string; own: boolean }>();
const nameOf = (id: number) => { let x = named.get(id); if (!x) { x = names.name(byId.get(id)!.callFrame); named.set(id, x); } return x; };

const self = new Map<string, number>();
const inclusive = new Map<string, number>();
let t = profile.startTime;
let k = 0;
let total = 0;
for (let i = 0; i < profile.samples.length; i++) {
  t += profile.timeDeltas[i];
  const dt = profile.timeDeltas[i + 1] ?? 0;
  while (k < slow.length && slow[k].ts + slow[k].dur! < t) k++;
  if (k >= slow.length || t < slow[k].ts) continue;
  const id = profile.samples[i];
  const me = nameOf(id).name;
  if (me === '(idle)' || me === '(program)') continue;
  total += dt;
  self.set(me, (self.get(me) ?? 0) + dt);
  const seen = new Set<string>();
  for (let n: number | undefined = id; n !== undefined; n = byId.get(n)!.parent) {
    const x = nameOf(n);
    if (!x.own || seen.has(x.name)) continue;
    seen.add(x.name);
    inclusive.set(x.name, (inclusive.get(x.name) ?? 0) + dt);
  }
}
const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n)
  .map(([name, us]) => `${((us / total) * 100).toFixed(1).padStart(6)} %  ${name}`);
console.log(`${slow.length} slowest of ${frames.length} renders (${share * 100} %), ${(total / 1000).toFixed(0)} ms of JS samples in them`);
console.log('self time:', ...top(self, 25).map((l) => `\n${l}`));
console.log('under the project\'s functions (inclusive):', ...top(inclusive, 30).map((l) => `\n${l}`));
