// The require hook of the server's worker threads (the players' database, the bots, the coach) when the
// server runs from its TypeScript sources, as the tests run it; compiled JavaScript never loads this file.
// Each .ts file is transpiled alone by SWC, with the options of the tests' own transform (./swc-options.cjs).
// ts-node's hook, used before, loaded the TypeScript compiler into every such thread: about 2 s of CPU a
// thread against 0.4 s with this one, for threads the tests start by the dozen.
'use strict';
const fs = require('fs');
const { transformSync } = require('@swc/core');

const maps = new Map();
const options = (filename) => ({ ...require('./swc-options.cjs'), filename, sourceMaps: true });

require.extensions['.ts'] = function compileTs(module, filename) {
  const { code, map } = transformSync(fs.readFileSync(filename, 'utf8'), options(filename));
  if (map) maps.set(filename, map);
  module._compile(code, filename);
};

// Stack traces of these threads name the .ts sources' lines, as ts-node's did (its own source-map support,
// installed for this thread only).
require('@cspotcode/source-map-support').install({
  environment: 'node',
  hookRequire: false,
  handleUncaughtExceptions: false,
  retrieveSourceMap: (file) => (maps.has(file) ? { url: file, map: maps.get(file) } : null),
});
