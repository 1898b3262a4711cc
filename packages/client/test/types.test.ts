/**
 * The package's types compile in a client project as shipped: strict, without `skipLibCheck`. Its
 * declarations name the SDK's room and client through its own small interfaces (src/sdk-types.ts), so a
 * program that imports only this package never loads `@colyseus/sdk`'s declarations, which import
 * `@colyseus/core` (the server library, absent from a client project) and failed to compile there.
 */
import { execFile } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { ensureBuilt } from '../../server/test/support/ops-proc';

const REPO = path.join(__dirname, '..', '..', '..');
let dir = '';
afterAll(() => { if (dir) fs.rmSync(dir, { recursive: true, force: true }); });

it('a strict consumer without skipLibCheck compiles, and loads no @colyseus declarations', async () => {
  await ensureBuilt(); // tsc -b: the rules' and this package's declarations in their dist/
  // Inside the repository, so that `@isle-of-trains/*` and zod resolve through its node_modules as they would in a project's.
  dir = fs.mkdtempSync(path.join(REPO, 'packages', 'client', '.consumer-'));
  fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({
    compilerOptions: { strict: true, skipLibCheck: false, noEmit: true, module: 'node20', target: 'es2022', types: [] },
    files: ['consumer.ts'],
  }));
  fs.writeFileSync(path.join(dir, 'consumer.ts'), [
    "import { IsleClient, IsleError, fetchReplay, verifyReplay, type ReplayJSON } from '@isle-of-trains/client';",
    "export async function play(): Promise<string> {",
    "  const client = new IsleClient('ws://localhost:2567', { name: 'Ada' });",
    "  const session = await client.create({ seats: 2, bots: 1 });",
    "  const phase: string = session.state?.phase ?? '';",
    "  const seat: number = session.seat ?? -1;",
    "  const replay: ReplayJSON = await fetchReplay('http://localhost:2567', session.roomId);",
    "  const checked = await verifyReplay(replay);",
    "  if (!checked.ok) throw new IsleError('BAD_REPLAY', checked.problem);",
    "  return `${phase} ${seat} ${session.sdkRoom.roomId}`;",
    "}",
  ].join('\n'));
  const tsc = path.join(REPO, 'node_modules', 'typescript', 'bin', 'tsc');
  const out = await new Promise<{ code: number; text: string }>((resolve) => {
    execFile(process.execPath, [tsc, '-p', dir, '--listFiles'], { cwd: dir, maxBuffer: 16 * 2 ** 20 }, (e, stdout, stderr) => {
      resolve({ code: e ? 1 : 0, text: `${stdout}${stderr}` });
    });
  });
  const errors = out.text.split('\n').filter((l) => /error TS/.test(l));
  expect(errors).toEqual([]);
  expect(out.code).toBe(0);
  const loaded = out.text.split('\n').filter((l) => l.includes('node_modules/@colyseus/'));
  expect(loaded).toEqual([]);
}, 300_000);
