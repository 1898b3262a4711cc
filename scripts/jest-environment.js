/**
 * Jest's Node environment, with the test's vm context made by `vm.createContext(vm.constants.DONT_CONTEXTIFY)`.
 *
 * Why: jest runs every test file in a vm context of its own. A context made the usual way wraps its global
 * object in Node's interceptors, and then every global a test or the code under test names (`Array`, `Map`,
 * `Math`, `JSON`, `Number`…) is looked up through them, on every use: the random-game property files spent
 * a third of their time there (`new Array(n)` in the rules' clone was 80 times slower than in plain Node).
 * DONT_CONTEXTIFY (Node 22.8+) gives the context an ordinary global object; the globals jest puts there
 * (process, timers, Buffer…) are the same as before, and each file still has a context of its own.
 */
const fs = require('fs');
const path = require('path');
const v8 = require('v8');
const vm = require('vm');
const { TestEnvironment } = require('jest-environment-node');

/**
 * PGlite's WebAssembly compiled once in each jest worker and never let go. Node 24's V8 can abort a process while it
 * frees compiled WebAssembly code ("Check failed: jit_page_->allocations_.erase(addr) == 1", reported upstream as
 * nodejs/node#64500), and a jest worker frees PGlite's again and again: every test file loads the server's modules
 * afresh, so each file that opens an embedded database compiles PGlite anew and drops it when the file is done
 * (seen twice in whole runs of the suite here with the baseline compiler already set, once in the middle of the file
 * that opens the most such databases). V8 keeps one compiled module for every compilation of the same bytes in a
 * process, so the one held here keeps the code of every later compilation too, until the worker exits. A server
 * process does the same on its own: it compiles PGlite once and keeps it (packages/server/src/db/pglite-thread.ts,
 * which also sets the baseline compiler only; set here too, before anything in the worker is compiled). Compiling
 * is lazy: about 30 ms of each worker's start.
 */
v8.setFlagsFromString('--liftoff-only');
const keptWasm = [];
try {
  const dist = path.dirname(require.resolve('@electric-sql/pglite'));
  for (const file of ['pglite.wasm', 'initdb.wasm']) keptWasm.push(new WebAssembly.Module(fs.readFileSync(path.join(dist, file))));
} catch (e) {
  process.stderr.write(`jest environment: PGlite's WebAssembly not compiled ahead (${e.message}); test files compile their own\n`);
}

class Environment extends TestEnvironment {
  constructor(config, context) {
    const create = vm.createContext;
    // jest-environment-node calls vm.createContext() once, with no argument, for the test's context.
    if (vm.constants?.DONT_CONTEXTIFY !== undefined) {
      vm.createContext = (o, ...rest) => (o === undefined ? create(vm.constants.DONT_CONTEXTIFY) : create(o, ...rest));
    }
    try {
      super(config, context);
    } finally {
      vm.createContext = create;
    }
    this.testPath = context.testPath;
  }

  async setup() {
    await super.setup();
    if (process.env.JEST_OPEN_HANDLES) {
      this.resourcesBefore = countResources();
      this.timers = traceTimers(this.global);
      this.threadsBefore = new Set(liveThreads.keys());
    }
  }

  /**
   * JEST_OPEN_HANDLES=1: 1.5 s after a file's last hook, the kinds of resource (timers, sockets, child processes…)
   * the worker holds that it did not hold before the file: what keeps a jest worker alive when the run ends. (Shorter
   * ones are not leaks: Colyseus' matchmaker, for one, writes its room count on a timer of up to a second.)
   */
  async teardown() {
    if (process.env.JEST_OPEN_HANDLES) {
      await new Promise((r) => setTimeout(r, 1500));
      const after = countResources();
      const extra = Object.entries(after).filter(([k, n]) => n > (this.resourcesBefore[k] ?? 0)).map(([k, n]) => `${k} +${n - (this.resourcesBefore[k] ?? 0)}`);
      // Worker threads keep a process alive too, and getActiveResourcesInfo does not list them.
      const threads = [...liveThreads].filter(([w]) => !this.threadsBefore.has(w));
      if (threads.length > 0) extra.push(`Worker +${threads.length}${threads.map(([, stack]) => `\n  thread started ${stack}`).join('')}`);
      if (extra.length > 0) {
        // Where the file's own timers still waiting were set (timers Node's internals set are counted above only).
        const where = [...this.timers].filter(([t]) => t.hasRef?.()).map(([, stack]) => `\n  timer set ${stack}`).join('');
        process.stderr.write(`open after ${this.testPath}: ${extra.join(', ')}${where}\n`);
      }
    }
    await super.teardown();
  }
}

/**
 * Worker threads not yet exited, with where each was started: they keep a process alive (unless unref'd), and
 * Node's own lists of handles leave them out.
 */
const liveThreads = new Map();
const unrefd = new WeakSet();
{
  const wt = require('worker_threads');
  const Original = wt.Worker;
  wt.Worker = class extends Original {
    constructor(...args) {
      super(...args);
      liveThreads.set(this, new Error().stack.split('\n').slice(2, 7).map((l) => l.trim()).join(' < '));
      this.once('exit', () => liveThreads.delete(this));
    }
    unref() { unrefd.add(this); return super.unref(); }
    ref() { unrefd.delete(this); return super.ref(); }
  };
}

/**
 * The end of a worker. Jest asks each worker to end by removing its message listener, so that the process exits once
 * nothing keeps it alive, and kills it if it has not exited 500 ms later ("A worker process has failed to exit
 * gracefully"). A worker that holds nothing any more still took longer than that now and then: its exit event came
 * within a millisecond of the request, and then Node took its time to tear down the isolate of a worker that ran a
 * hundred test files (about a gigabyte resident). So a worker that holds nothing when asked to end exits at once;
 * one that still holds a handle (a timer, a socket, a child process a test left) is left to jest, which then warns,
 * and under JEST_OPEN_HANDLES the worker writes to a file what it still held
 * (packages/server/test/jest-worker-end.test.ts).
 */
// Only in a jest worker process: a jest run in band is ended by jest itself, and a listener here would keep alive
// the channel of whatever started it.
if (process.send && /jest-worker[\\/]build[\\/]workers[\\/]processChild\.js$/.test(process.argv[1] ?? '')) {
  const END = 2; // jest-worker's CHILD_MESSAGE_END
  const HELD_LOG = path.join(require('os').tmpdir(), 'jest-open-handles-at-end.txt');
  const note = (text) => { if (process.env.JEST_OPEN_HANDLES) fs.appendFileSync(HELD_LOG, `worker ${process.pid} ${text}\n`); };
  const held = () => process._getActiveHandles().filter((h) => h.hasRef?.() !== false).map(describeHandle).filter(Boolean);
  const onMessage = (m) => {
    if (!Array.isArray(m) || m[0] !== END) return;
    // This listener would keep the IPC channel, and with it the worker, alive.
    process.removeListener('message', onMessage);
    note(`asked to end at ${new Date().toISOString()}`);
    // After jest's own listener has let go of the channel.
    setImmediate(() => {
      // Timers are not among Node's handles; its list of resources counts them.
      const timers = process.getActiveResourcesInfo().filter((k) => k === 'Timeout').length;
      const left = [
        ...held(), ...(timers > 0 ? [`${timers} timer${timers > 1 ? 's' : ''}`] : []),
        ...[...liveThreads].filter(([w]) => !unrefd.has(w)).map(([, stack]) => `thread started ${stack}`),
      ];
      note(`resources: ${process.getActiveResourcesInfo().join(', ')}`);
      if (left.length === 0) {
        note('holds nothing: exits now');
        process.exit(0);
      }
      note(`still holds:\n  ${left.join('\n  ')}`);
    });
  };
  process.on('message', onMessage);
}

/** A handle in words: a socket's ends, a child process's command, a server's address. */
function describeHandle(h) {
  const kind = h?.constructor?.name ?? typeof h;
  if (kind === 'ChildProcess') return `child process ${h.pid}: ${(h.spawnargs ?? []).join(' ').slice(0, 200)}`;
  if (kind === 'Socket' || kind === 'TLSSocket') {
    if (h === process.stdout || h === process.stderr || h === process.stdin) return null;
    return `socket ${h.localAddress ?? ''}:${h.localPort ?? ''} -> ${h.remoteAddress ?? h._pipeName ?? '(pipe)'}:${h.remotePort ?? ''}${h._handle?.fd !== undefined ? ` fd ${h._handle.fd}` : ''}`;
  }
  if (kind === 'Server') return `server listening on ${JSON.stringify(h.address?.())}`;
  return kind;
}

/** The timers the file's code sets and has not cleared or seen fire, each with where it was set. */
function traceTimers(global) {
  const live = new Map();
  for (const [set, clear] of [['setTimeout', 'clearTimeout'], ['setInterval', 'clearInterval']]) {
    const original = global[set];
    const originalClear = global[clear];
    global[set] = function (fn, ms, ...args) {
      const once = set === 'setTimeout';
      const timer = original.call(this, typeof fn === 'function' && once ? function (...a) { live.delete(timer); return fn.apply(this, a); } : fn, ms, ...args);
      live.set(timer, `(${set}, ${ms} ms) ${new Error().stack.split('\n').slice(2, 7).map((l) => l.trim()).join(' < ')}`);
      return timer;
    };
    global[clear] = function (timer) {
      live.delete(timer);
      return originalClear.call(this, timer);
    };
  }
  return live;
}

function countResources() {
  const counts = {};
  for (const k of process.getActiveResourcesInfo()) counts[k] = (counts[k] ?? 0) + 1;
  return counts;
}

module.exports = Environment;
