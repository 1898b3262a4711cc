/**
 * The TypeDoc API pages of the package build, and without a single warning (typedoc.json treats
 * warnings as errors: a broken {@link}, a public type that is not exported, a bad tag all fail this).
 * The pages carry no links to the sources (typedoc.json `disableSources`): those come from the clone's git
 * remote, which a CI checkout or a fork may not have in a form TypeDoc reads, and it warned about that.
 */
import { execFile } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

const PKG = path.join(__dirname, '..');
const TYPEDOC = path.join(PKG, '..', '..', 'node_modules', 'typedoc', 'bin', 'typedoc');

it('builds the API docs with no TypeDoc warning', async () => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'isle-client-docs-'));
  try {
    const r = await new Promise<{ code: number; text: string }>((resolve) => {
      execFile(process.execPath, [TYPEDOC, '--out', out], { cwd: PKG, maxBuffer: 16 * 2 ** 20 }, (e, stdout, stderr) => {
        resolve({ code: e ? (typeof e.code === 'number' ? e.code : 1) : 0, text: `${stdout}${stderr}` });
      });
    });
    expect(r.text).not.toMatch(/\[warning\]|\[error\]/);
    expect(r.code).toBe(0);
    // The pages name the API's entry points.
    const index = fs.readFileSync(path.join(out, 'index.html'), 'utf8');
    expect(index).toContain('@isle-of-trains/client');
    expect(fs.readdirSync(out, { recursive: true }).some((f) => String(f).includes('Session'))).toBe(true);
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}, 180_000);
