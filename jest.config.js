/** One jest project per package; every package's TypeScript runs through SWC (@swc/jest). */
const fs = require('fs');
const path = require('path');

// Each file is transpiled on its own, without type-checking: `npm test` type-checks every package, tests
// included, once before jest starts (`npm run typecheck`, scripts/typecheck.js). SWC does that
// transpiling, not ts-jest: CI always starts from a fresh clone with no jest cache, and there ts-jest spent
// about a third of the CPU time of a run of quick test files, loading the TypeScript compiler in every worker
// and transpiling each file in JavaScript (13 files from a cold cache: 28-30 s of CPU with ts-jest, 19 s with
// SWC, the same as ts-jest with its cache warm; load average 20-27). The options are the server's worker
// threads' too, when the tests run it from its sources (packages/server/src/ops/swc-options.cjs).
const transpile = ['@swc/jest', require('./packages/server/src/ops/swc-options.cjs')];
// The test environment is jest's Node one with an ordinary global object in each file's vm context
// (scripts/jest-environment.js): a global named in a hot loop cost up to 80 times more through Node's interceptors.
// The runtime is jest's with each module compiled once per worker and run afresh in every file that loads it
// (scripts/jest-runtime.js).
const shared = {
  testEnvironment: '<rootDir>/../../scripts/jest-environment.js',
  runtime: '<rootDir>/../../scripts/jest-runtime.js',
  transform: { '^.+\\.tsx?$': transpile },
  moduleNameMapper: {
    '^@isle-of-trains/engine-core$': '<rootDir>/../engine-core/src/index.ts',
    '^@isle-of-trains/engine-core/testkit$': '<rootDir>/../engine-core/src/testkit/index.ts',
    '^@isle-of-trains/rules$': '<rootDir>/../rules/src/index.ts',
    '^@isle-of-trains/ttr-rules$': '<rootDir>/../ttr-rules/src/index.ts',
    '^@isle-of-trains/bots$': '<rootDir>/../bots/src/index.ts',
    '^@isle-of-trains/client$': '<rootDir>/../client/src/index.ts',
    '^@isle-of-trains/client/protocol$': '<rootDir>/../client/src/protocol.ts',
    // The client's session loads the second game's readers by their emitted name (packages/client/src/games.ts).
    '^\\./ttr/kit\\.js$': '<rootDir>/../client/src/ttr/kit.ts',
  },
};

// The server tests' SDK clients use the `ws` package (they drop connections with terminate(), which
// Node 22+'s own WebSocket cannot do): see packages/server/test/support/sdk-on-ws.ts.
const setupFiles = { server: ['<rootDir>/test/support/sdk-on-ws.ts'], client: ['<rootDir>/../server/test/support/sdk-on-ws.ts'] };
// The web client's tests see the second game's rules as the page bundles them (vite.config.mts): without the
// archived maps, which a replay loads when it needs one.
const mappers = { 'client-web': { ...shared.moduleNameMapper, '^@isle-of-trains/ttr-rules$': '<rootDir>/../ttr-rules/src/core.ts' } };

const projects = ['engine-core', 'rules', 'ttr-rules', 'bots', 'client', 'server', 'client-web']
  .filter((p) => fs.existsSync(path.join(__dirname, 'packages', p, 'test')))
  .map((p) => ({
    ...shared, displayName: p, rootDir: `<rootDir>/packages/${p}`, testMatch: ['<rootDir>/test/**/*.test.ts'],
    ...(setupFiles[p] ? { setupFiles: setupFiles[p] } : {}),
    ...(mappers[p] ? { moduleNameMapper: mappers[p] } : {}),
  }));

// Three workers on these 2-core machines: jest's default there is one (it then runs in band, one file after
// another). With two, the cores were idle for much of the run while files waited on servers starting,
// browsers, sockets and npm install; a third worker fills that time (a fresh-cache run: 384 s of jest with
// two, 286 s with three; the same tests pass). A fourth gains nothing: on a quiet machine, 2026-11-28, 424 s of
// jest with four against 412 s with three (the files' own times summed to 1,675 s against 1,223 s: the cores
// are busy, and a fourth file only slows the other three).
// The web client is built once, before any worker starts (scripts/jest-global-setup.js). The longest files
// start first, in a fresh clone too (scripts/jest-sequencer.js).
module.exports = {
  projects, testTimeout: 30000, maxWorkers: 3, globalSetup: '<rootDir>/scripts/jest-global-setup.js',
  testSequencer: '<rootDir>/scripts/jest-sequencer.js',
};
