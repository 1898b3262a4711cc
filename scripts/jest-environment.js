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
const vm = require('vm');
const { TestEnvironment } = require('jest-environment-node');

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

/** Worker threads started while JEST_OPEN_HANDLES is set and not yet exited, with where each was started. */
const liveThreads = new Map();
if (process.env.JEST_OPEN_HANDLES) {
  const wt = require('worker_threads');
  const Original = wt.Worker;
  wt.Worker = class extends Original {
    constructor(...args) {
      super(...args);
      liveThreads.set(this, new Error().stack.split('\n').slice(2, 7).map((l) => l.trim()).join(' < '));
      this.once('exit', () => liveThreads.delete(this));
    }
  };
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
