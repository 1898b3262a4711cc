/**
 * Runs once before any test file (jest globalSetup). Makes (or finds, from an earlier run) the file new
 * embedded databases are copied from, and names it in PLAYERS_DB_TEMPLATE for every test file and the server
 * processes they start (scripts/pglite-template.js). Builds the web client when its dist/ is missing or
 * older than its sources or the rules and client packages it bundles. Test files that need the built client (the browser tests,
 * the container checks) then find it ready; building it from two test files at once raced (one build
 * deleted the other's compressed files mid-write).
 */
const { execFile, execSync } = require('child_process');
const crypto = require('crypto');
const fs = require('fs');
const os = require('os');
const path = require('path');

const CLIENT = path.join(__dirname, '..', 'packages', 'client-web');

function newest(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).reduce((t, e) => {
    const p = path.join(dir, e.name);
    return Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }, 0);
}

/** The installed PGlite's version: a template is only read by the PGlite that wrote it. */
function pgliteVersion() {
  for (let dir = path.dirname(require.resolve('@electric-sql/pglite')); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8'));
      if (pkg.name === '@electric-sql/pglite') return pkg.version;
    }
  }
  throw new Error('@electric-sql/pglite has no package.json');
}

/**
 * Resolves to the template's path, or null (with a warning) when it could not be made: tests then run initdb.
 * Its name holds the PGlite version and a digest of the script that makes it, so a change to either makes a new one.
 */
function pgliteTemplate() {
  if (process.env.PLAYERS_DB_TEMPLATE) return Promise.resolve(process.env.PLAYERS_DB_TEMPLATE);
  const maker = path.join(__dirname, 'pglite-template.js');
  const digest = crypto.createHash('sha256').update(fs.readFileSync(maker)).digest('hex').slice(0, 8);
  const file = path.join(os.tmpdir(), `isle-players-db-template-pglite-${pgliteVersion()}-${digest}.tar`);
  return new Promise((resolve) => {
    // A process of its own, so that it runs while the web client builds.
    execFile(process.execPath, [maker, file], (err, _out, stderr) => {
      if (!err) return resolve(file);
      console.warn(`\nno template for new embedded databases (each test's is created by initdb): ${stderr || err.message}`); // eslint-disable-line no-console
      resolve(null);
    });
  });
}

module.exports = async function globalSetup() {
  const template = pgliteTemplate();
  await buildClient();
  const file = await template;
  // Workers start after this and inherit the environment; test files pass it on to the servers they start.
  if (file) process.env.PLAYERS_DB_TEMPLATE = file;
};

async function buildClient() {
  if (!fs.existsSync(path.join(CLIENT, 'src'))) return;
  const index = path.join(CLIENT, 'dist', 'index.html');
  const sources = Math.max(
    newest(path.join(CLIENT, 'src')), newest(path.join(CLIENT, '..', 'rules', 'src')), newest(path.join(CLIENT, '..', 'engine-core', 'src')),
    newest(path.join(CLIENT, '..', 'client', 'src')), newest(path.join(CLIENT, '..', 'ttr-rules', 'src')), newest(path.join(CLIENT, '..', 'ttr-rules', 'data')),
    fs.statSync(path.join(CLIENT, 'index.html')).mtimeMs, fs.statSync(path.join(CLIENT, 'vite.config.mts')).mtimeMs,
  );
  if (fs.existsSync(index) && fs.statSync(index).mtimeMs >= sources) return;
  // Jest sets NODE_ENV=test; the bundle must be the production build the server ships.
  execSync('npx vite build --mode production', { cwd: CLIENT, stdio: 'pipe', env: { ...process.env, NODE_ENV: 'production' } });
}
