/**
 * npm run bench:layout -w @isle-of-trains/client-web -- [--turns 12] [--reps 60] [--rounds 3] [--throttle 1] [--phone]
 *     [--variants all,none,has,...] [--css name=file.css ...] [--add 'rules' ...] [--ops 'op name' ...] [--screens dir] [--list-oof]
 *     [--bisect 'op name' ... [--base-add 'rules']]
 *
 * What one style-and-layout pass of the Isle table costs, by stylesheet: the built client in headless Chromium
 * (the CPU slowed `--throttle` times), a 4-player game of this page's player and three bots on a server in this
 * process, played for `--turns` of the player's own decisions (random offered moves) so that trains have cars;
 * then, with the table at rest on the player's turn, small changes of the kind an update makes, each followed by a
 * read of the page's height, which makes the browser recalculate style and lay the page out there and then:
 *  - a hand card, a car of another train, a display card taken out and put back;
 *  - the deck's count changed; a log line added and taken away;
 *  - a card becoming a target (`offer` on and off); the turn bar and dock marked as the player's turn and not;
 *  - with `--ops 'hand card, no <use>'` only: another hand card with its SVG `<use>` icons taken out first;
 *    with `--ops 'hand card, inline icons'` only: the card of 'hand card', after it, each `<use>` replaced by a copy of
 *    its symbol's shapes.
 * `--ops` keeps only the changes it names.
 * Figures: the page's own clock around 5 such changes (it is coarse), and, from a trace, the median style recalc and
 * layout of each pass with the elements and objects each touched. The page's stylesheet is swapped in place for
 * each variant (the same DOM, the same game): the built one, none, the built one with rules taken out
 * (`--variants`, the table VARIANTS below), with rules added (`--add`), or whole other stylesheets (`--css`, e.g.
 * another commit's built `dist/assets/index-*.css`). Variants are measured in turn, `--rounds` times, so that the
 * machine's load falls on all of them.
 *
 * `--bisect op`: which style rules make that change's pass dear: the sheet's rules taken out in chunks, a chunk whose
 * removal takes off a fifth or more split again (noisy on a loaded machine: check what it names with `--add`).
 * `--list-oof`: the table's absolutely positioned elements by containing block (the page's root among them is what
 * every layout of the page lays out again). `--screens dir`: a screenshot of the table under each variant.
 */
import './register';
import * as fs from 'fs';
import * as path from 'path';
import type { CDPSession, Page } from 'playwright-core';
import { DIST, ensureBuilt } from '../test/e2e-support';
import { benchWorld, playMove, seeded, startBotTable } from './bot-table';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const args = (name: string): string[] => process.argv.flatMap((a, i) => (a === `--${name}` && process.argv[i + 1] ? [process.argv[i + 1]!] : []));
const TURNS = Number(arg('turns') ?? 12);
const REPS = Number(arg('reps') ?? 60);
const ROUNDS = Number(arg('rounds') ?? 3);
/** Only these changes (by name); the default is every one but 'hand card, no <use>', which takes a card's icons out. */
const OPS = args('ops');
const PHONE = process.argv.includes('--phone');
const SCREENS = arg('screens');
const THROTTLE = Number(arg('throttle') ?? 1);

/**
 * Ways to take rules out of the built stylesheet: `sel` drops style rules whose selector matches, `media` drops
 * @media blocks whose condition matches, `props` drops those declarations everywhere, `add` appends rules.
 */
type Variant = { sel?: string; media?: string; props?: string[]; add?: string; none?: boolean; css?: string; drop?: [number, number][] };
const VARIANTS: Record<string, Variant> = {
  all: {},
  none: { none: true },
  has: { sel: ':has\\(' },
  'short-window': { media: 'max-height: 900px' },
  'wide-window': { media: 'min-width: 1100px' },
  'no-grid': { props: ['grid-template-columns', 'grid-template-rows', 'grid-template-areas', 'grid-area', 'grid-row', 'grid-column'] },
  'no-shadows': { props: ['box-shadow', 'text-shadow'] },
  'no-outline': { props: ['outline', 'outline-offset', 'outline-style', 'outline-width'] },
  'no-overflow': { props: ['overflow', 'overflow-x', 'overflow-y'] },
  'no-clamp': { props: ['-webkit-line-clamp', '-webkit-box-orient'] },
  'no-hyphens': { props: ['hyphens', '-webkit-hyphens', 'overflow-wrap', 'word-wrap'] },
  'no-contain': { props: ['contain'] },
  'no-flex-wrap': { props: ['flex-wrap'] },
  'no-position': { props: ['position'] },
  'no-vars': { sel: '^\\.cat-' },
  'no-line-height': { props: ['line-height'] },
  'no-minmax-rows': { props: ['min-height', 'max-height'] },
};

type Ops = Record<string, number[]>;

/** In the page: the table's stylesheet swapped for `text` (or none), with rules taken out as `v` says. */
async function applyVariant(page: Page, text: string | null, v: Variant): Promise<number> {
  return page.evaluate(async ({ text, v }) => {
    const w = window as unknown as { __sheet?: CSSStyleSheet };
    for (const l of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) l.disabled = true;
    const sheet = w.__sheet ??= new CSSStyleSheet();
    sheet.replaceSync(text ?? '');
    let dropped = 0;
    // Style rules numbered in the sheet's order, those inside @media blocks included (for `drop`).
    const index = new Map<CSSRule, number>();
    const number = (list: CSSRuleList) => {
      for (const r of list) {
        if (r instanceof CSSStyleRule) index.set(r, index.size);
        else if (r instanceof CSSMediaRule) number(r.cssRules);
      }
    };
    number(sheet.cssRules);
    const drop = (r: CSSRule) => { const i = index.get(r); return i !== undefined && (v.drop ?? []).some(([a, b]) => i >= a && i < b); };
    const walk = (list: CSSRuleList) => {
      for (let i = list.length - 1; i >= 0; i--) {
        const r = list[i]!;
        const parent = r.parentRule as CSSGroupingRule | null;
        const remove = () => { (parent ?? sheet).deleteRule(i); dropped++; };
        if (r instanceof CSSMediaRule) {
          if (v.media && new RegExp(v.media).test(r.conditionText)) remove();
          else walk(r.cssRules);
        } else if (r instanceof CSSStyleRule) {
          if ((v.sel && new RegExp(v.sel).test(r.selectorText)) || drop(r)) remove();
          else for (const p of v.props ?? []) if (r.style.getPropertyValue(p)) { r.style.removeProperty(p); dropped++; }
        }
      }
    };
    walk(sheet.cssRules);
    if (v.add) for (const r of v.add.split(/(?<=\})/).map((s) => s.trim()).filter(Boolean)) sheet.insertRule(r, sheet.cssRules.length);
    document.adoptedStyleSheets = v.none ? [] : [sheet];
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    return dropped;
  }, { text, v });
}

/** In the page: each small change `reps` times, 5 changes and their forced passes per sample; ms per pass. */
function measure(page: Page, reps: number, only: string[] = []): Promise<Ops> {
  return page.evaluate(({ reps, only }) => {
    const $ = <T extends Element>(s: string) => document.querySelector<T>(s);
    const force = () => document.documentElement.offsetHeight;
    /** Take an element out and put it back where it was, then a forced pass. */
    const putBack = (el: Element) => {
      const parent = el.parentNode!;
      const next = el.nextSibling;
      el.remove();
      parent.insertBefore(el, next);
      force();
    };
    const reinsert = (sel: string) => {
      const els = document.querySelectorAll(sel);
      const el = els[Math.floor(els.length / 2)];
      if (!el) return null;
      return () => putBack(el);
    };
    const ops: Record<string, (() => void) | null> = {
      'hand card': reinsert('.hand > .card'),
      'car (other train)': reinsert('.players.others .car'),
      'display card': reinsert('.display-cards > .card'),
      'deck count': (() => {
        const n = $('.pile-n');
        if (!n) return null;
        const t = n.textContent ?? '';
        let i = 0;
        return () => { n.textContent = ++i % 2 ? `${t}9` : t; force(); };
      })(),
      'log line': (() => {
        const list = $('.log-list');
        const li = list?.lastElementChild;
        if (!list || !li) return null;
        return () => { const c = li.cloneNode(true); list.append(c); force(); (c as Element).remove(); force(); };
      })(),
      'card turns target': (() => {
        const c = $('.display-cards > .card:not(.offer)') ?? $('.display-cards > .card');
        if (!c) return null;
        return () => { c.classList.toggle('offer'); force(); };
      })(),
      // The same as 'hand card' on another card whose SVG <use> references were taken out first (what the icons and
      // the drawing cost the style recalc: each <use> builds its copy of the symbol again when put back).
      'hand card, no <use>': (() => {
        if (!only.includes('hand card, no <use>')) return null;
        const els = document.querySelectorAll('.hand > .card');
        const el = els[els.length - 1];
        if (!el || els.length < 2) return null;
        for (const u of el.querySelectorAll('use')) u.remove();
        return () => putBack(el);
      })(),
      // The same card as 'hand card' (measured before it), its icons then drawn inline: each <use> replaced by a
      // copy of its symbol's shapes, the symbol's viewBox on the icon's <svg> (what the card would cost with no <use>
      // but the same look). The icons are replaced at this op's first call, after 'hand card' has been measured, and
      // stay so: give it one variant and `--rounds 1` (a later round's 'hand card' would be the inlined card).
      'hand card, inline icons': (() => {
        if (!only.includes('hand card, inline icons')) return null;
        const els = document.querySelectorAll('.hand > .card');
        const el = els[Math.floor(els.length / 2)];
        if (!el) return null;
        let inlined = false;
        const inline = () => { for (const u of el.querySelectorAll('use')) {
          const sym = document.querySelector(u.getAttribute('href') ?? '');
          const svg = u.parentElement;
          if (!sym || !svg) continue;
          const vb = sym.getAttribute('viewBox');
          if (vb) svg.setAttribute('viewBox', vb);
          for (const c of sym.childNodes) svg.insertBefore(c.cloneNode(true), u);
          u.remove();
        } };
        return () => {
          if (!inlined) { inline(); inlined = true; }
          putBack(el);
        };
      })(),
      'turn mark': (() => {
        const a = $('.turnbar');
        const b = $('.dock');
        if (!a || !b) return null;
        return () => { a.classList.toggle('mine'); b.classList.toggle('mine'); force(); };
      })(),
    };
    const out: Record<string, number[]> = {};
    for (const [name, op] of Object.entries(ops)) {
      if (!op || (only.length > 0 && !only.includes(name))) continue;
      for (let i = 0; i < 10; i++) op();
      const xs: number[] = [];
      console.timeStamp(`op:${name}`);
      for (let i = 0; i < reps; i++) {
        const t0 = performance.now();
        for (let k = 0; k < 5; k++) op();
        xs.push((performance.now() - t0) / 5);
      }
      // Back as it was (an odd count of toggles otherwise leaves one on).
      if ((10 + reps * 5) % 2) op();
      out[name] = xs;
      console.timeStamp('op-end');
    }
    return out;
  }, { reps, only });
}

interface TraceEvent { name: string; ph: string; ts: number; dur?: number; tdur?: number; tid: number; pid: number; args?: { name?: string; data?: { message?: string }; elementCount?: number; beginData?: { dirtyObjects?: number; totalObjects?: number } } }
type PerOp = { style: number[]; layout: number[]; elements: number[]; objects: number[] };

/** The trace's style recalcs and layouts on the page's main thread, by the op whose time stamps they fall between. */
function byOp(events: TraceEvent[]): Record<string, PerOp> {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const on = events.filter((e) => main && e.tid === main.tid && e.pid === main.pid).sort((a, b) => a.ts - b.ts);
  const out: Record<string, PerOp> = {};
  let cur: PerOp | null = null;
  for (const e of on) {
    const msg = e.name === 'TimeStamp' ? e.args?.data?.message : undefined;
    if (msg !== undefined) {
      cur = msg.startsWith('op:') ? (out[msg.slice(3)] = { style: [], layout: [], elements: [], objects: [] }) : null;
      continue;
    }
    if (!cur || e.ph !== 'X' || e.dur === undefined) continue;
    // The thread's CPU time where the trace has it: the wall time also counts what other processes took of the core.
    if (e.name === 'UpdateLayoutTree') { cur.style.push(e.tdur ?? e.dur); cur.elements.push(e.args?.elementCount ?? 0); }
    if (e.name === 'Layout') { cur.layout.push(e.tdur ?? e.dur); cur.objects.push(e.args?.beginData?.dirtyObjects ?? 0); }
  }
  return out;
}

/** The trace events of the page's main thread while `fn` runs. */
async function tracing<T>(cdp: CDPSession, fn: () => Promise<T>): Promise<{ value: T; events: TraceEvent[] }> {
  const events: TraceEvent[] = [];
  const onData = (d: { value: unknown }) => { events.push(...(d.value as TraceEvent[])); };
  cdp.on('Tracing.dataCollected', onData);
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
  const value = await fn();
  const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.end');
  await done;
  cdp.off('Tracing.dataCollected', onData);
  return { value, events };
}

/**
 * Which style rules make `op`'s pass dear: the sheet's style rules in chunks, each chunk taken out in turn; a
 * chunk whose removal takes off more than a fifth of the cost is split and searched again, down to single rules.
 */
async function bisect(page: Page, cdp: CDPSession, css: string, op: string): Promise<void> {
  const selectors: string[] = await page.evaluate((css) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    const out: string[] = [];
    const walk = (list: CSSRuleList, media: string) => {
      for (const r of list) {
        if (r instanceof CSSStyleRule) out.push(`${media}${r.selectorText} { ${r.style.cssText.slice(0, 90)} }`);
        else if (r instanceof CSSMediaRule) walk(r.cssRules, `@media ${r.conditionText}: `);
      }
    };
    walk(sheet.cssRules, '');
    return out;
  }, css);
  const cost = async (drop: [number, number][], none = false): Promise<number> => {
    const xs: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      await applyVariant(page, css, { drop, none });
      const { events } = await tracing(cdp, () => measure(page, REPS, [op]));
      const x = byOp(events)[op];
      if (!x) throw new Error(`no op ${op}`);
      xs.push(median(x.style) + median(x.layout));
    }
    return median(xs);
  };
  const all = await cost([]);
  const none = await cost([], true);
  console.log(`${op}: ${Math.round(all)} µs per pass with the sheet (${selectors.length} style rules), ${Math.round(none)} µs without`);
  const search = async (a: number, b: number, depth: number): Promise<void> => {
    const n = b - a;
    const parts = n <= 8 ? n : 8;
    const size = Math.ceil(n / parts);
    for (let i = a; i < b; i += size) {
      const j = Math.min(b, i + size);
      const c = await cost([[i, j]]);
      const gain = 1 - c / all;
      if (gain < 0.2) continue;
      const what = j - i === 1 ? selectors[i] : `rules ${i}–${j - 1} (${selectors[i]?.slice(0, 60)} … )`;
      console.log(`${'  '.repeat(depth)}without ${what}: ${Math.round(c)} µs (−${Math.round(gain * 100)} %)`);
      if (j - i > 1) await search(i, j, depth + 1);
    }
  };
  await search(0, selectors.length, 0);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

async function main(): Promise<void> {
  ensureBuilt();
  const { server, base, browser } = await benchWorld(DIST);
  try {
    const viewport = PHONE ? { width: 390, height: 844 } : { width: 1366, height: 768 };
    const ctx = await browser.newContext({ viewport, reducedMotion: 'reduce', ...(PHONE ? { hasTouch: true, isMobile: true } : {}) });
    const page = await ctx.newPage();
    // No first-game tour offer: it is offered once, and what it adds is not the table.
    await page.addInitScript(() => localStorage.setItem('isle.tour', 'no'));
    await page.goto(base);
    await startBotTable(page);
    const rnd = seeded(11);
    for (let turn = 0; ;) {
      await page.waitForFunction(() => !!document.querySelector('#end-screen') || (document.body.classList.contains('my-turn') && document.querySelectorAll('[data-key]').length > 0), null, { timeout: 60_000 });
      const l = await page.evaluate(() => ({ ended: !!document.querySelector('#end-screen'), keys: [...document.querySelectorAll('[data-key]')].map((e) => e.getAttribute('data-key')!) }));
      if (l.ended) throw new Error('the game ended before the measurement');
      if (turn++ >= TURNS) break;
      const ks = l.keys.filter((k) => k !== 'cancel' && k !== 'returnCard');
      const pref = ks.filter((k) => /^(build:|hand:|destination|primary|secondary|item|endDelivery)/.test(k));
      const pool = pref.length > 0 && rnd() < 0.7 ? pref : ks;
      const k = pool[Math.floor(rnd() * pool.length)]!;
      await playMove(page, k);
      await page.waitForTimeout(50);
    }
    await page.waitForTimeout(500);
    const builtCss = await page.evaluate(async () => {
      const l = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]');
      return l ? (await fetch(l.href)).text() : '';
    });
    const counts = await page.evaluate(() => ({
      elements: document.querySelectorAll('*').length,
      hand: document.querySelectorAll('.hand > .card').length,
      cars: document.querySelectorAll('.car').length,
      logLines: document.querySelectorAll('.log-list li').length,
      // Positioned out of flow with no positioned ancestor: laid out by the root's own layout, each time it runs.
      outOfFlowAtRoot: [...document.querySelectorAll('.table-screen *')].filter((e) => {
        const p = getComputedStyle(e).position;
        return (p === 'absolute') && (e as HTMLElement).offsetParent === document.body;
      }).length,
      outOfFlow: [...document.querySelectorAll('.table-screen *')].filter((e) => getComputedStyle(e).position === 'absolute').length,
    }));
    console.log(JSON.stringify(counts));
    if (process.argv.includes('--list-oof')) {
      console.log(await page.evaluate(() => {
        const by = new Map<string, number>();
        for (const e of document.querySelectorAll('.table-screen *')) {
          if (getComputedStyle(e).position !== 'absolute') continue;
          const cb = (e as HTMLElement).offsetParent;
          const path: string[] = [];
          for (let p = e.parentElement; p && p !== cb; p = p.parentElement) path.push(p.classList[0] ?? p.tagName);
          const k = `${e.className} in ${cb === document.body ? 'ROOT' : cb?.classList[0] ?? cb?.tagName} via ${path.slice(0, 4).join('<')}`;
          by.set(k, (by.get(k) ?? 0) + 1);
        }
        return [...by.entries()].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${n}\t${k}`).join('\n');
      }));
    }
    const named = args('variants').flatMap((s) => s.split(','));
    const list: [string, Variant][] = [];
    for (const n of named.length ? named : ['all', 'none', 'has', 'short-window', 'wide-window']) {
      if (!VARIANTS[n]) throw new Error(`no variant ${n} (${Object.keys(VARIANTS).join(', ')})`);
      list.push([n, VARIANTS[n]!]);
    }
    for (const spec of args('css')) {
      const [name, file] = spec.includes('=') ? spec.split('=') as [string, string] : [path.basename(spec), spec];
      list.push([name, { css: fs.readFileSync(file, 'utf8') }]);
    }
    const addSpecs = args('add');
    for (const [i, a] of addSpecs.entries()) list.push([`add${i + 1}: ${a.slice(0, 60)}`, { add: a }]);
    console.log(`${viewport.width}×${viewport.height}, ${counts.elements} elements (hand ${counts.hand}, cars ${counts.cars}, log lines ${counts.logLines}); load ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
    const samples = new Map<string, Ops>();
    const traces = new Map<string, Record<string, PerOp>>();
    const cdp = await ctx.newCDPSession(page);
    if (THROTTLE !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    if (args('bisect').length > 0) {
      for (const op of args('bisect')) await bisect(page, cdp, builtCss + (arg('base-add') ?? ''), op);
      return;
    }
    for (let r = 0; r < ROUNDS; r++) {
      for (const [name, v] of list) {
        const dropped = await applyVariant(page, v.css ?? builtCss, v);
        if (r === 0 && (v.sel || v.media || v.props)) console.log(`  ${name}: ${dropped} rules or declarations taken out`);
        if (r === 0 && SCREENS) {
          fs.mkdirSync(SCREENS, { recursive: true });
          await page.screenshot({ path: path.join(SCREENS, `${name.replace(/[^\w.-]+/g, '_')}.png`) });
        }
        const traced: TraceEvent[] = [];
        const onData = (d: { value: unknown }) => { traced.push(...(d.value as TraceEvent[])); };
        cdp.on('Tracing.dataCollected', onData);
        await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
        const ops = await measure(page, REPS, OPS);
        const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
        await cdp.send('Tracing.end');
        await done;
        cdp.off('Tracing.dataCollected', onData);
        const s = samples.get(name) ?? {};
        for (const [k, xs] of Object.entries(ops)) (s[k] ??= []).push(...xs);
        samples.set(name, s);
        const t = traces.get(name) ?? {};
        for (const [k, x] of Object.entries(byOp(traced))) {
          const y = (t[k] ??= { style: [], layout: [], elements: [], objects: [] });
          y.style.push(...x.style); y.layout.push(...x.layout); y.elements.push(...x.elements); y.objects.push(...x.objects);
        }
        traces.set(name, t);
      }
    }
    const opNames = [...new Set([...samples.values()].flatMap((s) => Object.keys(s)))];
    const first = samples.get(list[0]![0])!;
    console.log(`median ms per forced style + layout pass (ratio to ${list[0]![0]}):`);
    console.log(['variant'.padEnd(28), ...opNames.map((o) => o.padStart(20))].join(''));
    for (const [name] of list) {
      const s = samples.get(name)!;
      console.log([name.slice(0, 27).padEnd(28), ...opNames.map((o) => {
        const m = median(s[o] ?? []);
        return `${m.toFixed(3)} (${(m / median(first[o] ?? [])).toFixed(2)}×)`.padStart(20);
      })].join(''));
    }
    console.log('from the trace, median per pass (the thread\'s CPU time): style recalc µs [elements], layout µs [objects laid out]:');
    console.log(['variant'.padEnd(28), ...opNames.map((o) => o.slice(0, 26).padStart(28))].join(''));
    for (const [name] of list) {
      const t = traces.get(name)!;
      console.log([name.slice(0, 27).padEnd(28), ...opNames.map((o) => {
        const x = t[o];
        if (!x) return ''.padStart(28);
        return `${Math.round(median(x.style))} [${median(x.elements)}] ${Math.round(median(x.layout))} [${median(x.objects)}]`.padStart(28);
      })].join(''));
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

main().then(() => process.exit(0), (e) => {
  console.error(e);
  process.exit(1);
});
