/**
 * Preloaded into the server by bench/room-memory.ts (node --expose-gc -r this main.js): on SIGUSR2 the
 * server collects its garbage fully and prints its heap, so the bench reads live memory rather than
 * wherever the collector happened to be. With HEAP_SNAPSHOTS set to a folder it also writes a heap snapshot
 * there each time (for finding what a room holds).
 */
const v8 = require('v8');
const path = require('path');
let n = 0;
process.on('SIGUSR2', () => {
  global.gc();
  global.gc();
  const u = process.memoryUsage();
  if (process.env.HEAP_SNAPSHOTS) v8.writeHeapSnapshot(path.join(process.env.HEAP_SNAPSHOTS, `server-${++n}.heapsnapshot`));
  process.stdout.write(`HEAP_AFTER_GC ${JSON.stringify({ heapUsed: u.heapUsed, external: u.external, rss: u.rss })}\n`);
});
