/**
 * A private PostgreSQL server for fault tests: its own data directory (initdb into a temp dir) and its own
 * port on 127.0.0.1, so a test can stop, restart, crash it or cut its connections without touching the
 * machine's shared server on 5432.
 *
 *   const pg = await PrivatePostgres.create();   // initdb + start on a free port
 *   pg.url                                       // postgres://postgres@127.0.0.1:<port>/postgres (trust auth)
 *   await pg.terminateConnections();             // pg_terminate_backend on every client connection
 *   await pg.restart();                          // fast shutdown, then start again on the same port
 *   await pg.kill();                             // SIGKILL the postmaster (a crash); start() recovers
 *   await pg.destroy();                          // stop and remove the data directory
 *
 * PostgreSQL refuses to run as root, so under root (CI) initdb and postgres run as the `postgres` user,
 * else `nobody`; otherwise as the current user. The binaries come from PATH or Debian's
 * /usr/lib/postgresql/<version>/bin; without them create() fails with a message naming the fix
 * (scripts/install-test-deps.sh installs them).
 */
import { execFileSync, spawn, type ChildProcess } from 'child_process';
import * as fs from 'fs';
import { freePort } from './ops-proc';
import * as os from 'os';
import * as path from 'path';
import { Client } from 'pg';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The directory holding initdb and postgres: PATH first, then the newest /usr/lib/postgresql/<version>/bin. */
export function postgresBinDir(): string {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'postgres'))) return dir;
  }
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) {
    const dir = path.join(root, v, 'bin');
    if (fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'postgres'))) return dir;
  }
  throw new Error('PostgreSQL server binaries (initdb, postgres) are not on PATH nor in /usr/lib/postgresql/<version>/bin: '
    + 'the database fault tests start a private PostgreSQL. Install them with scripts/install-test-deps.sh (Debian package "postgresql").');
}

/** Who runs PostgreSQL: under root an unprivileged account from /etc/passwd (postgres, else nobody); else nobody changes. */
function runAs(): { uid: number; gid: number; name: string } | null {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return null;
  const passwd = fs.readFileSync('/etc/passwd', 'utf8').split('\n').map((l) => l.split(':'));
  for (const name of ['postgres', 'nobody']) {
    const row = passwd.find((f) => f[0] === name);
    if (row) return { name, uid: Number(row[2]), gid: Number(row[3]) };
  }
  throw new Error('running as root, and neither a "postgres" nor a "nobody" account exists to run the private PostgreSQL (it refuses root)');
}

export class PrivatePostgres {
  private child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();
  /** The server's own log lines (stderr), for failure messages. */
  readonly log: string[] = [];

  private constructor(readonly dir: string, private readonly bin: string, private readonly user: ReturnType<typeof runAs>, public port: number) {}

  /** initdb into a fresh temp directory and start on `port` (default: a free one). */
  static async create(port?: number): Promise<PrivatePostgres> {
    const bin = postgresBinDir();
    const user = runAs();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'isle-pg-'));
    if (user) fs.chownSync(dir, user.uid, user.gid);
    const pg = new PrivatePostgres(dir, bin, user, port ?? await freePort());
    try {
      execFileSync(path.join(bin, 'initdb'), ['-D', path.join(dir, 'data'), '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions'], {
        stdio: 'pipe', ...(user ? { uid: user.uid, gid: user.gid } : {}), env: { PATH: process.env.PATH ?? '', LANG: 'C', LC_ALL: 'C' },
      });
      await pg.start();
    } catch (e) {
      const err = e as Error & { stderr?: Buffer };
      fs.rmSync(dir, { recursive: true, force: true });
      throw new Error(`could not start a private PostgreSQL in ${dir}${user ? ` as ${user.name}` : ''}: ${err.stderr?.toString() || err.message}`);
    }
    return pg;
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  get running(): boolean {
    return this.child !== null;
  }

  /** Start the server (again) on its port, and wait until it takes connections. After kill() this is crash recovery. */
  async start(port?: number): Promise<void> {
    if (this.child) throw new Error('the private PostgreSQL is already running');
    if (port !== undefined) this.port = port;
    const deadline = Date.now() + 30_000;
    for (;;) {
      const child = spawn(path.join(this.bin, 'postgres'), [
        '-D', path.join(this.dir, 'data'), '-p', String(this.port), '-k', this.dir, '-c', 'listen_addresses=127.0.0.1',
        // a throwaway server: nothing needs to survive a power cut
        '-c', 'fsync=off', '-c', 'full_page_writes=off', '-c', 'synchronous_commit=off', '-c', 'max_connections=50',
      ], { stdio: ['ignore', 'ignore', 'pipe'], ...(this.user ? { uid: this.user.uid, gid: this.user.gid } : {}), env: { PATH: process.env.PATH ?? '', LANG: 'C', LC_ALL: 'C' } });
      let gone = false;
      // A test process that ends without destroy() (a crash, a timeout) takes its server along.
      const orphan = () => child.kill('SIGQUIT');
      process.once('exit', orphan);
      this.exited = new Promise((resolve) => child.on('exit', () => { gone = true; process.off('exit', orphan); resolve(); }));
      child.stderr!.on('data', (b: Buffer) => this.log.push(...b.toString().split('\n').filter((l) => l)));
      this.child = child;
      while (!gone) {
        if (await this.answers()) return;
        if (Date.now() > deadline) {
          await this.signal('SIGKILL');
          throw new Error(`the private PostgreSQL did not take connections within 30 s:\n${this.log.slice(-20).join('\n')}`);
        }
        await sleep(50);
      }
      this.child = null;
      // Backends of a killed postmaster may hold its shared memory for a moment: try again until the deadline.
      if (Date.now() > deadline) throw new Error(`the private PostgreSQL exited at start:\n${this.log.slice(-20).join('\n')}`);
      await sleep(200);
    }
  }

  /** Fast shutdown (clients are disconnected, nothing is lost), and wait for the process to end. */
  async stop(): Promise<void> {
    await this.signal('SIGINT');
  }

  /** stop() then start() on the same port. */
  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }

  /** SIGKILL the postmaster: a crash. Its backends notice and exit by themselves; start() runs crash recovery. */
  async kill(): Promise<void> {
    await this.signal('SIGKILL');
  }

  /** pg_terminate_backend on every client connection (what an idle-connection killer or a failover does); how many. */
  async terminateConnections(): Promise<number> {
    const c = new Client({ connectionString: this.url, connectionTimeoutMillis: 5000 });
    await c.connect();
    try {
      const r = await c.query<{ n: string }>(
        "SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) AS n FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()");
      return Number(r.rows[0].n);
    } finally {
      await c.end().catch(() => undefined);
    }
  }

  /** Stop (immediately) and remove the data directory. */
  async destroy(): Promise<void> {
    await this.signal('SIGQUIT');
    fs.rmSync(this.dir, { recursive: true, force: true });
  }

  private async signal(sig: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child) return;
    child.kill(sig);
    await this.exited;
    this.child = null;
  }

  private async answers(): Promise<boolean> {
    const c = new Client({ connectionString: this.url, connectionTimeoutMillis: 2000 });
    c.on('error', () => undefined);
    try {
      await c.connect();
      await c.query('SELECT 1');
      return true;
    } catch {
      return false;
    } finally {
      await c.end().catch(() => undefined);
    }
  }
}
