/**
 * Runs once before any test file (jest globalSetup): builds the web client when its dist/ is missing or
 * older than its sources or the rules and client packages it bundles. Test files that need the built client (the browser tests,
 * the container checks) then find it ready; building it from two test files at once raced (one build
 * deleted the other's compressed files mid-write).
 */
const { execSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const CLIENT = path.join(__dirname, '..', 'packages', 'client-web');

function newest(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).reduce((t, e) => {
    const p = path.join(dir, e.name);
    return Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }, 0);
}

module.exports = async function globalSetup() {
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
};
