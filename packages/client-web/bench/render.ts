/**
 * npm run bench:render -w @isle-of-trains/client-web -- [--updates 150] [--throttle 4] [--bot-delay 300]
 *     [--phone] [--reduced-motion] [--baseline <commit> [--rounds 1]] [--profile] [--trace] [--changes] [--census]
 *
 * BENCH_CSS='<rules>' adds a style sheet after the client's own in every page it measures (a baseline's too): a
 * change of style tried without a build (e.g. BENCH_CSS='.enter { animation: none }').
 *
 * What the Isle table costs the main thread while others move: the built client in headless Chromium, the CPU
 * slowed down (`Emulation.setCPUThrottlingRate`, 4× by default, a mid-range phone), a 4-player game of this
 * page's player and three bots on a server in this process (the bots move after `--bot-delay` ms; the page's
 * player takes a random offered move whenever it is their turn, as the 200-turn browser test does).
 *
 * `--baseline <commit>` builds that commit's client (`git archive` into node_modules/.cache/) and
 * measures it first, then this checkout's, in the same run: on this shared machine the load moves absolute
 * figures by 2× and more, so the ratio between the two is the figure to trust. `--rounds n` plays n games of
 * each, alternating (old, new, old, new, …), so that a change in the machine's load falls on both; the
 * figures of the rounds are then pooled (quantiles over every update of a build's games).
 *
 * Measured from the table's first state, over `--updates` renders (or to the game's end):
 *  - JS per state update: each animation-frame callback that rendered the page (the shell draws in
 *    requestAnimationFrame), from the trace (`FireAnimationFrame`), without the style and layout it forced
 *    (DevTools counts those as rendering, not scripting); also the whole callback; and the same JS by the
 *    renderer thread's CPU time (the trace's `tdur`) times the throttle, which the machine's load does not inflate;
 *  - long tasks (PerformanceObserver `longtask`): how many over 50 ms and over 100 ms, and the longest;
 *  - where the main thread went (trace events: paint, layout, style, script), and how many frames were painted;
 *    and the style and layout that script forced outside the renders (a read of a box after the page changed);
 *  - DOM nodes: the count Chrome holds (`Performance.getMetrics` `Nodes`, garbage not yet collected included,
 *    no collection forced) against the nodes in the page at the end; and the same at the table's first state;
 *    then the count after a forced collection (`HeapProfiler.collectGarbage`), which leaves what is still held.
 * Figures go to stdout and to test-artifacts/client-web/bench-render*.json; BENCHMARKS.md keeps them.
 */
import './register';
import { execSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import type { CDPSession, Page } from 'playwright-core';
import { ARTIFACTS, CLIENT, DIST, ensureBuilt } from '../test/e2e-support';
import { benchWorld, playMove, seeded, startBotTable } from './bot-table';
import { FrameNames, type CallFrame } from './source-map';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const UPDATES = Number(arg('updates') ?? 150);
const THROTTLE = Number(arg('throttle') ?? 4);
const BOT_DELAY = Number(arg('bot-delay') ?? 300);
const BASELINE = arg('baseline');
const ROUNDS = Math.max(1, Number(arg('rounds') ?? 1));
const PHONE = process.argv.includes('--phone');
const REDUCED = process.argv.includes('--reduced-motion');
/** Also print where the page's JS time went (CDP Profiler, self time by function, named by the bundle's source maps). */
const PROFILE = process.argv.includes('--profile');
/**
 * Also list the slowest tenth of the renders with what each changed on the page (mutation records by part). Off by
 * default: the observer's records and their sorting run inside the timed callbacks and would add to every figure.
 */
const CHANGES = process.argv.includes('--changes');
/** Also keep the renderer's trace events (Chrome's trace format, test-artifacts/client-web/bench-render-<label>.trace.json), to open in DevTools' Performance panel. */
const TRACE = process.argv.includes('--trace');
/** Also print what the page is made of at the end: its elements by tag, and the elements under each region of the table. */
const CENSUS = process.argv.includes('--census');

/** What one render changed in the page: DOM mutation records, by the part of the page they fell in. */
type Change = { ms: number; mine: boolean; records: number; added: number; removed: number; attributes: number; parts: Record<string, number> };
type Bench = { renders: number[]; longTasks: number[]; changes: Change[] };

/** In the page before any script: times each animation-frame callback that rendered, and keeps long tasks. */
function instrument(changes: boolean): void {
  const w = window as unknown as { __bench: Bench };
  w.__bench = { renders: [], longTasks: [], changes: [] };
  // With `changes`, the page's mutations, taken synchronously around each callback: which parts a render touched and how much.
  const observer = changes ? new MutationObserver(() => undefined) : null;
  observer?.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  /** The part of the page a node is in: the nearest ancestor with an id or one of the table's region classes. */
  const partOf = (n: Node): string => {
    for (let e: Element | null = n instanceof Element ? n : n.parentElement; e; e = e.parentElement) {
      if (e.id && e.id !== 'app') return `#${e.id}`;
      const c = [...e.classList].find((k) => /^(player|display|island|dock|hand|log-list|side|prompt|turn|tray|offer|details|chat|players|card-sheet)$/.test(k));
      if (c) return `.${c}`;
    }
    return '(page)';
  };
  const raf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (cb) => raf((t) => {
    const before = document.getElementById('app')?.dataset.renders;
    observer?.takeRecords();
    const t0 = performance.now();
    try {
      cb(t);
    } finally {
      const dt = performance.now() - t0;
      const records = observer?.takeRecords();
      if (document.getElementById('app')?.dataset.renders !== before) {
        w.__bench.renders.push(dt);
      }
      if (records && document.getElementById('app')?.dataset.renders !== before) {
        const c: Change = { ms: dt, mine: document.body.classList.contains('my-turn'), records: records.length, added: 0, removed: 0, attributes: 0, parts: {} };
        for (const r of records) {
          c.added += r.addedNodes.length;
          c.removed += r.removedNodes.length;
          if (r.type === 'attributes') c.attributes++;
          const k = partOf(r.target);
          c.parts[k] = (c.parts[k] ?? 0) + 1;
        }
        w.__bench.changes.push(c);
      }
    }
  });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__bench.longTasks.push(e.duration);
  }).observe({ type: 'longtask', buffered: true });
}

const quantile = (xs: number[], q: number): number => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const ms = (x: number) => `${x.toFixed(1)} ms`;

async function metrics(cdp: CDPSession): Promise<Record<string, number>> {
  const r = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(r.metrics.map((m) => [m.name, m.value]));
}

/** Nodes in the page: the document and everything under it (as test/e2e-support.ts domCounters counts). */
const liveNodes = (page: Page) => page.evaluate(() => {
  let n = 1;
  const w = document.createTreeWalker(document, NodeFilter.SHOW_ALL);
  while (w.nextNode()) n++;
  return n;
});


interface TraceEvent { name: string; ph: string; ts: number; dur?: number; tdur?: number; tid: number; pid: number; args?: { name?: string; data?: { type?: string; functionName?: string } } }

type Starts = Record<string, { tasks: number; ms: number; over100: number }>;

/**
 * The main thread's tasks by what started each: a render (the shell's animation-frame callback), an animation's end
 * (an `animationend` event: the browser paints the element back into the page), a scroll, a socket message, a
 * timer, a frame the browser drew for what is still moving (style, pre-paint, layerize), and the rest.
 */
function taskStarts(on: TraceEvent[]): Starts {
  const out: Starts = {};
  let i = 0;
  for (const t of on) {
    if (t.name !== 'RunTask' && t.name !== 'ThreadControllerImpl::RunTask') continue;
    const end = t.ts + t.dur!;
    while (i < on.length && on[i].ts < t.ts) i++;
    const inside: TraceEvent[] = [];
    for (let j = i; j < on.length && on[j].ts < end; j++) if (on[j] !== t) inside.push(on[j]);
    const dispatched = (type: string) => inside.some((e) => e.name === 'EventDispatch' && e.args?.data?.type === type);
    const has = (name: string) => inside.some((e) => e.name === name);
    const kind = has('FireAnimationFrame') ? 'a render'
      : dispatched('animationend') ? 'an animation\'s end'
      : dispatched('scroll') ? 'a scroll'
      : inside.some((e) => e.name === 'FunctionCall' && /onmessage/.test(String(e.args?.data?.functionName))) ? 'a socket message'
      : has('TimerFire') ? 'a timer'
      : has('EventDispatch') ? 'another event'
      : has('Paint') ? 'a frame with a paint'
      : has('UpdateLayoutTree') || has('PrePaint') ? 'a frame without one'
      : 'the rest';
    const x = (out[kind] ??= { tasks: 0, ms: 0, over100: 0 });
    x.tasks++;
    x.ms += t.dur! / 1000;
    if (t.dur! > 100_000) x.over100++;
  }
  return out;
}

/**
 * The renderer's main thread's events, by name, and each render's callback with and without forced style and layout;
 * and the style and layout that script forced outside the renders (`forcedElsewhere`: the jobs run after the
 * browser's layout, event handlers, timers), which the renders' figures do not count but the long tasks do.
 */
function traceFigures(events: TraceEvent[]): { byName: Map<string, { ms: number; n: number }>; frames: { whole: number; js: number; jsCpu: number }[]; starts: Starts; forcedElsewhere: { n: number; ms: number } } {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const on = events.filter((e) => main && e.ph === 'X' && e.dur !== undefined && e.tid === main.tid && e.pid === main.pid).sort((a, b) => a.ts - b.ts);
  const byName = new Map<string, { ms: number; n: number }>();
  for (const e of on) {
    const x = byName.get(e.name) ?? { ms: 0, n: 0 };
    x.ms += e.dur! / 1000;
    x.n++;
    byName.set(e.name, x);
  }
  const frames: { whole: number; js: number; jsCpu: number }[] = [];
  const forced = on.filter((e) => e.name === 'Layout' || e.name === 'UpdateLayoutTree');
  for (const f of on) {
    if (f.name !== 'FireAnimationFrame') continue;
    const end = f.ts + f.dur!;
    let inside = 0;
    let insideCpu = 0;
    for (const l of forced) {
      if (l.ts < f.ts || l.ts + l.dur! > end) continue;
      inside += l.dur!;
      insideCpu += l.tdur ?? l.dur!;
    }
    // The thread's own CPU time, scaled by the throttle: what the callback costs a phone that slow with the CPU to
    // itself (the wall time also counts the time other processes had the core: 5 to 30 times more at load 20–40).
    frames.push({ whole: f.dur! / 1000, js: (f.dur! - inside) / 1000, jsCpu: (((f.tdur ?? f.dur!) - insideCpu) / 1000) * THROTTLE });
  }
  const within = (e: TraceEvent, name: string) => on.some((x) => x.name === name && x.ts <= e.ts && x.ts + x.dur! >= e.ts + e.dur!);
  const forcedElsewhere = { n: 0, ms: 0 };
  for (const l of forced) {
    if (!within(l, 'FunctionCall') || within(l, 'FireAnimationFrame')) continue;
    forcedElsewhere.n++;
    forcedElsewhere.ms += l.dur! / 1000;
  }
  return { byName, frames, starts: taskStarts(on), forcedElsewhere };
}

interface ProfileNode { id: number; callFrame: CallFrame }
/**
 * Self time by function, most first. `dist`: the built client whose source maps (written beside the bundle)
 * name each function by its source file and line; without them the bundle's minified names show.
 */
function topSelf(profile: { nodes: ProfileNode[]; samples?: number[]; timeDeltas?: number[] }, n: number, dist: string): string[] {
  const byId = new Map(profile.nodes.map((x) => [x.id, x]));
  const names = new FrameNames(dist);
  const where = (f: CallFrame): string => names.name(f).name;
  const self = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const name = where(byId.get(samples[i])!.callFrame);
    self.set(name, (self.get(name) ?? 0) + (deltas[i] ?? 0) / 1000);
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  return [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `  ${(100 * v / total).toFixed(1).padStart(5)} %  ${k}`);
}

/** A commit's client, built once into node_modules/.cache/render-bench-baseline/<commit>/ from its packages' sources. */
function baselineDist(commit: string): string {
  const root = path.resolve(CLIENT, '../..');
  const sha = execSync(`git rev-parse ${commit}`, { cwd: root, encoding: 'utf8' }).trim();
  // Under node_modules: its packages find this checkout's dependencies, and jest does not look there.
  const dir = path.join(root, 'node_modules', '.cache', 'render-bench-baseline', sha.slice(0, 12));
  const client = path.join(dir, 'packages', 'client-web');
  const dist = path.join(client, 'dist');
  if (fs.existsSync(path.join(dist, 'index.html'))) return dist;
  fs.mkdirSync(dir, { recursive: true });
  execSync(`git archive ${sha} packages tsconfig.base.json | tar -x -C ${JSON.stringify(dir)}`, { cwd: root, stdio: 'pipe', shell: '/bin/bash' });
  execSync('npx vite build --mode production --logLevel warn', { cwd: client, stdio: 'pipe', env: { ...process.env, NODE_ENV: 'production' } });
  return dist;
}

async function run(dist: string, label: string) {
  const { server, base, browser } = await benchWorld(dist, BOT_DELAY);
  try {
    const viewport = PHONE ? { width: 390, height: 844 } : { width: 1366, height: 768 };
    const ctx = await browser.newContext({ viewport, reducedMotion: REDUCED ? 'reduce' : 'no-preference', ...(PHONE ? { hasTouch: true, isMobile: true } : {}) });
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.addInitScript(instrument, CHANGES);
    if (process.env.BENCH_CSS) {
      await page.addInitScript((css) => document.addEventListener('DOMContentLoaded', () => document.head.append(Object.assign(document.createElement('style'), { textContent: css }))), process.env.BENCH_CSS);
    }

    await page.goto(base);
    await startBotTable(page);

    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Performance.enable');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    // From the table's first state on: the lobby's renders are not the table's.
    await page.evaluate(() => {
      const b = (window as unknown as { __bench: Bench }).__bench;
      b.renders.length = 0;
      b.longTasks.length = 0;
      b.changes.length = 0;
    });
    const traced: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (d) => { traced.push(...(d.value as unknown as TraceEvent[])); });
    await cdp.send('Tracing.start', { categories: `devtools.timeline,disabled-by-default-devtools.timeline${TRACE ? ',disabled-by-default-devtools.timeline.stack,v8.execute' : ''}`, transferMode: 'ReportEvents' });
    if (PROFILE) {
      await cdp.send('Profiler.enable');
      // Every 200 µs (the default is 1 ms): a render of a few milliseconds then holds enough samples to tell its parts apart.
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    const m0 = await metrics(cdp);
    const live0 = await liveNodes(page);
    const t0 = Date.now();
    const rnd = seeded(7);
    let ended = false;
    for (;;) {
      const l = await page.evaluate(() => ({
        ended: !!document.querySelector('#end-screen'),
        mine: document.body.classList.contains('my-turn'),
        keys: [...document.querySelectorAll('[data-key]')].map((e) => e.getAttribute('data-key')!),
        renders: (window as unknown as { __bench: Bench }).__bench.renders.length,
      }));
      if (l.ended) ended = true;
      if (l.ended || l.renders >= UPDATES) break;
      const ks = l.keys.filter((k) => k !== 'cancel' && k !== 'returnCard');
      if (!l.mine || ks.length === 0) {
        await page.waitForTimeout(100);
        continue;
      }
      const pref = ks.filter((k) => /^(destination|primary|secondary|item|endDelivery|build:|hand:)/.test(k));
      const pool = pref.length > 0 && rnd() < 0.6 ? pref : ks;
      await playMove(page, pool[Math.floor(rnd() * pool.length)]);
    }
    const seconds = (Date.now() - t0) / 1000;
    if (CENSUS) {
      console.log(await page.evaluate(() => {
        const c: Record<string, number> = {};
        for (const e of document.querySelectorAll('#app *')) { const k = e.tagName.toLowerCase() + (e.closest('svg') && e.tagName !== 'svg' ? '(svg)' : ''); c[k] = (c[k] ?? 0) + 1; }
        const byRegion: Record<string, number> = {};
        for (const r of document.querySelectorAll('#app .player, #app .dest, #app .log-list, #app .supply-row, #app .dock, #app .side-col, #app .board')) byRegion[r.className.split(' ').slice(0, 2).join('.')] = (byRegion[r.className.split(' ').slice(0, 2).join('.')] ?? 0) + r.querySelectorAll('*').length;
        return JSON.stringify({ total: document.querySelectorAll('#app *').length, tags: Object.entries(c).sort((a, b) => b[1] - a[1]).slice(0, 20), byRegion });
      }));
    }
    // Let what is still moving finish (a card sliding in, a fading copy), so that its frames count too.
    await page.waitForTimeout(1500 * THROTTLE);
    const m1 = await metrics(cdp);
    const profile = PROFILE ? (await cdp.send('Profiler.stop')).profile : null;
    const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
    await cdp.send('Tracing.end');
    await done;
    const live = await liveNodes(page);
    // What is still held once the collector has run (the garbage of the last updates gone): twice, with a pause,
    // as the browser tests' leak check does (Blink sweeps lazily).
    await cdp.send('HeapProfiler.collectGarbage');
    await page.waitForTimeout(50);
    await cdp.send('HeapProfiler.collectGarbage');
    const m2 = { Nodes: (await cdp.send('Memory.getDOMCounters')).nodes };
    const b = await page.evaluate(() => (window as unknown as { __bench: Bench }).__bench);
    const t = traceFigures(traced);
    // The renders are the heaviest callbacks: the others wait a frame (the bench's own clicks) or do little.
    const renders = [...t.frames].sort((x, y) => y.whole - x.whole).slice(0, b.renders.length);
    const js = renders.map((f) => f.js);
    const jsCpu = renders.map((f) => f.jsCpu);
    const whole = renders.map((f) => f.whole);
    const ev = (k: string) => t.byName.get(k) ?? { ms: 0, n: 0 };
    const task = ev('RunTask').ms;
    const result = {
      label,
      when: new Date().toISOString(),
      load: fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
      viewport: `${viewport.width}x${viewport.height}`,
      throttle: THROTTLE,
      reducedMotion: REDUCED,
      botDelayMs: BOT_DELAY,
      seconds: Math.round(seconds),
      gameEnded: ended,
      updates: b.renders.length,
      jsPerUpdate: { p50: quantile(js, 0.5), p90: quantile(js, 0.9), max: Math.max(...js) },
      jsCpuPerUpdate: { p50: quantile(jsCpu, 0.5), p90: quantile(jsCpu, 0.9), max: Math.max(...jsCpu) },
      callbackPerUpdate: { p50: quantile(whole, 0.5), p90: quantile(whole, 0.9), max: Math.max(...whole) },
      longTasks: { over50: b.longTasks.length, over100: b.longTasks.filter((x) => x > 100).length, p90: quantile(b.longTasks, 0.9) || 0, max: b.longTasks.length ? Math.max(...b.longTasks) : 0 },
      mainThread: {
        taskMs: task,
        paintMs: ev('Paint').ms + ev('PrePaint').ms + ev('Layerize').ms + ev('Commit').ms,
        styleLayoutMs: ev('Layout').ms + ev('UpdateLayoutTree').ms,
        paints: ev('Paint').n,
        forcedElsewhere: t.forcedElsewhere,
        byStart: t.starts,
      },
      nodes: { counted: m1.Nodes, live, ratio: m1.Nodes / live, afterCollection: m2.Nodes, collectedRatio: m2.Nodes / live, atStart: { counted: m0.Nodes, live: live0 } },
      samples: { js, jsCpu, whole, longTasks: b.longTasks },
      listeners: m1.JSEventListeners,
      pageErrors: errors,
    };
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    fs.writeFileSync(path.join(ARTIFACTS, `bench-render-${label}.json`), JSON.stringify(result, null, 2));
    if (TRACE) fs.writeFileSync(path.join(ARTIFACTS, `bench-render-${label}.trace.json`), JSON.stringify({ traceEvents: traced }));
    if (profile) fs.writeFileSync(path.join(ARTIFACTS, `bench-render-${label}.cpuprofile`), JSON.stringify(profile));
    const pct = (x: number) => `${Math.round((x / task) * 100)} %`;
    console.log([
      `— ${label}: ${result.viewport}, CPU ${THROTTLE}× slower${REDUCED ? ', reduced motion' : ''}, bots after ${BOT_DELAY} ms; load ${result.load}`,
      `${result.updates} state updates in ${result.seconds} s${ended ? ' (to the game\'s end)' : ''}`,
      `JS per state update: p50 ${ms(result.jsPerUpdate.p50)}, p90 ${ms(result.jsPerUpdate.p90)}, worst ${ms(result.jsPerUpdate.max)}   (target p90 ≤ 8 ms); with the style and layout it forced: p50 ${ms(result.callbackPerUpdate.p50)}, p90 ${ms(result.callbackPerUpdate.p90)}`,
      `JS per state update by the renderer's CPU time × ${THROTTLE}: p50 ${ms(result.jsCpuPerUpdate.p50)}, p90 ${ms(result.jsCpuPerUpdate.p90)}, worst ${ms(result.jsCpuPerUpdate.max)}`,
      `long tasks: ${result.longTasks.over50} over 50 ms, ${result.longTasks.over100} over 100 ms, p90 ${ms(result.longTasks.p90)}, longest ${ms(result.longTasks.max)}   (target: none over 100 ms)`,
      `main thread: ${(task / 1000).toFixed(1)} s in tasks; paint (pre-paint, paint, layerize, commit) ${pct(result.mainThread.paintMs)} in ${result.mainThread.paints} paints, style + layout ${pct(result.mainThread.styleLayoutMs)}; style and layout forced by script outside the renders: ${t.forcedElsewhere.n} times, ${ms(t.forcedElsewhere.ms)}`,
      `main thread per update, by what started each task: ${Object.entries(t.starts).sort((x, y) => y[1].ms - x[1].ms).map(([k, v]) => `${k} ${ms(v.ms / Math.max(1, result.updates))}${v.over100 ? ` (${v.over100} tasks over 100 ms)` : ''}`).join(', ')}`,
      `DOM nodes: ${result.nodes.counted} counted for ${result.nodes.live} in the page (${result.nodes.ratio.toFixed(2)}×), ${m2.Nodes} after a forced collection (${result.nodes.collectedRatio.toFixed(2)}×, target ≤ 1.5×); at the table's first state ${m0.Nodes} for ${live0}; ${result.listeners} listeners`,
      errors.length ? `page errors: ${errors.join(' | ')}` : 'no page errors',
      ...(!CHANGES ? [] : ['the slowest tenth of the renders (timed in the page), what each changed: mutation records, nodes added/removed, attributes; by part:',
      ...[...b.changes].sort((x, y) => y.ms - x.ms).slice(0, Math.max(1, Math.ceil(b.changes.length / 10))).map((c) =>
        `  ${ms(c.ms)}${c.mine ? ' (own turn)' : ''}: ${c.records} records, +${c.added} −${c.removed} nodes, ${c.attributes} attributes; ${Object.entries(c.parts).sort((x, y) => y[1] - x[1]).slice(0, 5).map(([k, v]) => `${k} ${v}`).join(', ')}`),
      `  the median render: ${quantile(b.changes.map((c) => c.records), 0.5)} records, +${quantile(b.changes.map((c) => c.added), 0.5)} nodes`]),
      ...(profile ? ['self time of the page\'s JS, top 25:', ...topSelf(profile as never, 25, dist)] : []),
    ].join('\n'));
    return result;
  } finally {
    await browser.close();
    await server.close();
  }
}

type Result = Awaited<ReturnType<typeof run>>;

/** A build's rounds pooled: quantiles over every update of its games, sums of the rest. */
function pooled(rs: Result[]) {
  const all = (k: keyof Result['samples']) => rs.flatMap((r) => r.samples[k]);
  const q = (xs: number[]) => ({ p50: quantile(xs, 0.5), p90: quantile(xs, 0.9), max: Math.max(...xs) });
  const sum = (f: (r: Result) => number) => rs.reduce((a, r) => a + f(r), 0);
  const longTasks = all('longTasks');
  return {
    updates: sum((r) => r.updates),
    js: q(all('js')),
    jsCpu: q(all('jsCpu')),
    whole: q(all('whole')),
    longOver100: longTasks.filter((x) => x > 100).length,
    longOver50: longTasks.length,
    longest: longTasks.length ? Math.max(...longTasks) : 0,
    taskPerUpdate: sum((r) => r.mainThread.taskMs) / sum((r) => r.updates),
    paintsPerUpdate: sum((r) => r.mainThread.paints) / sum((r) => r.updates),
    collectedRatio: rs.map((r) => r.nodes.collectedRatio),
    loads: rs.map((r) => r.load.split(' ')[0]),
  };
}

async function main(): Promise<void> {
  ensureBuilt();
  if (!BASELINE) {
    await run(DIST, 'current');
    return;
  }
  const oldDist = baselineDist(BASELINE);
  const olds: Result[] = [];
  const nows: Result[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const tag = ROUNDS > 1 ? `-${i + 1}` : '';
    olds.push(await run(oldDist, `baseline-${BASELINE}${tag}`));
    nows.push(await run(DIST, `current${tag}`));
  }
  const o = pooled(olds);
  const n = pooled(nows);
  const r = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
  const line = (label: string, p: ReturnType<typeof pooled>) => `${label}: ${p.updates} updates; JS p50/p90 ${ms(p.js.p50)} / ${ms(p.js.p90)}; by CPU × ${THROTTLE} ${ms(p.jsCpu.p50)} / ${ms(p.jsCpu.p90)} (worst ${ms(p.jsCpu.max)}); long tasks over 100 ms ${p.longOver100} (over 50: ${p.longOver50}), longest ${ms(p.longest)}; tasks per update ${ms(p.taskPerUpdate)}; paints per update ${p.paintsPerUpdate.toFixed(1)}; nodes after a forced collection ${p.collectedRatio.map((x) => `${x.toFixed(2)}×`).join(', ')}; load ${p.loads.join(', ')}`;
  console.log([
    `— current against ${BASELINE}, same run${ROUNDS > 1 ? `, ${ROUNDS} rounds alternating, pooled` : ''}:`,
    line(`old ${BASELINE}`, o),
    line('new', n),
    `JS per state update p90 ${r(n.js.p90, o.js.p90)} (p50 ${r(n.js.p50, o.js.p50)}); by CPU time p90 ${r(n.jsCpu.p90, o.jsCpu.p90)} (p50 ${r(n.jsCpu.p50, o.jsCpu.p50)}); main thread in tasks per update ${r(n.taskPerUpdate, o.taskPerUpdate)}; paints per update ${r(n.paintsPerUpdate, o.paintsPerUpdate)}`,
  ].join('\n'));
}

main().then(() => process.exit(0), (e) => {
  console.error(e);
  process.exit(1);
});
