/**
 * Jest's module runtime with one change: a jest worker compiles each module's source once, and every later test
 * file that loads the same module runs that same compiled script in its own context.
 *
 * Why: jest gives each test file fresh modules (its own registry and global object), and to do so it compiles every
 * module again for every file: the server and its libraries are about a thousand modules, and in a run of small test
 * files V8 parsing and compiling them was the largest single item of jest's own CPU. A compiled script (`vm.Script`)
 * belongs to no context: running it again in another file's context still executes the module afresh there, so
 * every file keeps its own module state and globals, while V8 reuses the parse, the top-level code and the code of
 * every function it has already compiled for it.
 *
 * A source that contains `import(` is compiled per file as jest does: jest binds its dynamic-import callback to the
 * runtime of the file that compiled the script, and a later file's `import()` must resolve in that later file.
 * A source that changed (jest's watch mode) is compiled again. `JEST_SHARED_SCRIPTS_LOG=<file>`: each worker
 * appends how many compilations it reused and made when it exits.
 */
const fs = require('fs');
const Runtime = require('jest-runtime').default;

/** filename -> { source, script }: the worker's compiled modules, kept for the worker's life. */
const compiled = new Map();
let reused = 0;
let made = 0;

class SharedScriptRuntime extends Runtime {
  createScriptFromCode(scriptSource, filename) {
    // Only sources without `import(` are kept, so a kept one needs no second search for it.
    const kept = compiled.get(filename);
    if (kept && kept.source === scriptSource) {
      reused += 1;
      return kept.script;
    }
    if (scriptSource.includes('import(')) return super.createScriptFromCode(scriptSource, filename);
    const script = super.createScriptFromCode(scriptSource, filename);
    compiled.set(filename, { source: scriptSource, script });
    made += 1;
    return script;
  }
}

const log = process.env.JEST_SHARED_SCRIPTS_LOG;
if (log) {
  process.on('exit', () => {
    try { fs.appendFileSync(log, `${process.pid} reused ${reused} made ${made}\n`); } catch { /* a diagnostic only */ }
  });
}

module.exports = SharedScriptRuntime;
