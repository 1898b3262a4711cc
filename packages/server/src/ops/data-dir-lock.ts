/**
 * One server process per data directory. Two processes on one DATA_DIR would both restore the same games,
 * append to the same logs and open the same PGlite files: the logs interleave (a replay then refuses an
 * action played out of turn) and the database can be damaged. At start the server takes an exclusive lock
 * on DATA_DIR/server.lock; a second process finds it taken and stops with one line naming the directory.
 *
 * The lock is the kernel's (fs-native-extensions: an open-file-description lock, fcntl F_OFD_SETLK on
 * Linux), not a marker file: it goes away with the process however that ends, SIGKILL and OOM kill
 * included, so a restart right after a crash starts at once instead of waiting for a stale marker to age.
 * It holds between containers that share a volume on one host (one kernel); it does not cover two hosts on
 * a network file system. The file keeps the holder's pid and host, for the message only.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

// fs-native-extensions ships no types; the one function used here (an ambient declaration in src/ would not
// reach the other packages' type checks, which compile this file through their imports).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { tryLock } = require('fs-native-extensions') as { tryLock(fd: number, options?: { shared?: boolean }): boolean };

export const LOCK_FILE = 'server.lock';

export class DataDirInUseError extends Error {}

export interface DataDirLock {
  readonly file: string;
  release(): void;
}

/**
 * Lock `dir` (created if missing) for this process; throws DataDirInUseError when another process (or
 * another open lock in this one) holds it. `uses` says what lives there, for the message.
 */
export function lockDataDir(dir: string, uses: string): DataDirLock {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  const fd = fs.openSync(file, fs.constants.O_RDWR | fs.constants.O_CREAT, 0o644);
  let granted: boolean;
  try {
    granted = tryLock(fd);
  } catch (e) {
    fs.closeSync(fd);
    throw new Error(`cannot lock DATA_DIR ${dir} (${file}): ${(e as Error).message}`);
  }
  if (!granted) {
    let holder = '';
    try {
      const h = JSON.parse(fs.readFileSync(file, 'utf8')) as { pid?: number; host?: string };
      if (h.pid) holder = ` (pid ${h.pid}${h.host ? ` on ${h.host}` : ''})`;
    } catch { /* written by an older version, or being written: the holder's name is only a courtesy */ }
    fs.closeSync(fd);
    throw new DataDirInUseError(`DATA_DIR ${dir} is in use by another server process${holder}: two processes on one data directory would corrupt its ${uses}; stop the other one or give this one its own DATA_DIR`);
  }
  const who = Buffer.from(JSON.stringify({ pid: process.pid, host: os.hostname(), since: new Date().toISOString() }) + '\n');
  fs.ftruncateSync(fd, 0);
  fs.writeSync(fd, who, 0, who.length, 0);
  let open = true;
  return {
    file,
    release() {
      if (!open) return;
      open = false;
      // Closing the descriptor releases the lock; the file stays (removing it would let a process that
      // opened it just before lock a file no one else can find).
      fs.closeSync(fd);
    },
  };
}
