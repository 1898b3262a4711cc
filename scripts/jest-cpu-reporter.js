/**
 * A jest reporter for `scripts/test-cpu.sh`: the CPU time each test file took, counted by the kernel for every
 * process of the run (jest, the servers and browsers a file starts, their threads), not only jest's own.
 * It reads the run's cgroup counter when a file starts and when it ends, so it means something only with
 * --runInBand (one file at a time). Writes test-artifacts/test-cpu.tsv (CPU s, wall s, file), dearest first.
 */
const fs = require('fs');
const path = require('path');

const COUNTER = process.env.TEST_CPU_COUNTER;
/** Seconds of CPU so far: cgroup v1's cpuacct.usage is in ns, v2's cpu.stat has usage_usec. */
function usage() {
  const text = fs.readFileSync(COUNTER, 'utf8');
  if (COUNTER.endsWith('cpu.stat')) return Number(/usage_usec (\d+)/.exec(text)[1]) / 1e6;
  return Number(text) / 1e9;
}

class CpuReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
    this.rows = [];
  }

  onTestFileStart() {
    this.cpu = usage();
    this.wall = Date.now();
  }

  onTestFileResult(test) {
    this.rows.push({ cpu: usage() - this.cpu, wall: (Date.now() - this.wall) / 1000, file: path.relative(this.rootDir, test.path) });
    // Written after every file, not only at the end: a run of all the files in one process that dies part of the
    // way (a crash of the process itself) still leaves the figures of the files before.
    this.write();
  }

  write() {
    const rows = [...this.rows].sort((a, b) => b.cpu - a.cpu);
    fs.mkdirSync(path.dirname(this.out()), { recursive: true });
    fs.writeFileSync(this.out(), ['cpu_s\twall_s\tfile', ...rows.map((r) => `${r.cpu.toFixed(1)}\t${r.wall.toFixed(1)}\t${r.file}`)].join('\n') + '\n');
    return rows;
  }

  out() {
    return path.join(this.rootDir, 'test-artifacts', 'test-cpu.tsv');
  }

  onRunComplete() {
    const rows = this.write();
    const out = this.out();
    const sum = (k) => rows.reduce((s, r) => s + r[k], 0).toFixed(0);
    process.stderr.write(`\ntest CPU: ${sum('cpu')} s over ${rows.length} files (their wall time one after another: ${sum('wall')} s); per file in ${out}\n`);
  }
}

module.exports = CpuReporter;
