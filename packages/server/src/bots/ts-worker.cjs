// Piscina loads its worker file with import(), which cannot load TypeScript. When the server runs from
// its .ts sources (tests, ts-node), the pool points piscina here instead; this file, plain CommonJS,
// requires the .ts worker through the sources' require hook (the worker thread starts with
// `-r ../ops/ts-require.cjs`). Compiled JavaScript never uses it.
'use strict';
const { workerData } = require('piscina');
module.exports = require(workerData.tsWorker).default;
