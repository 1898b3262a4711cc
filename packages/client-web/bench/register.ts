/**
 * Resolve the workspace packages to their TypeScript sources, so the render bench runs the server in its
 * own process under ts-node without building the packages' dist/ first.
 */
import Module = require('module');
import path = require('path');

const PACKAGES = path.resolve(__dirname, '../..');
const SOURCES: Record<string, string> = {
  '@isle-of-trains/engine-core': path.join(PACKAGES, 'engine-core/src/index.ts'),
  '@isle-of-trains/rules': path.join(PACKAGES, 'rules/src/index.ts'),
  '@isle-of-trains/ttr-rules': path.join(PACKAGES, 'ttr-rules/src/index.ts'),
  '@isle-of-trains/bots': path.join(PACKAGES, 'bots/src/index.ts'),
  '@isle-of-trains/client': path.join(PACKAGES, 'client/src/index.ts'),
  '@isle-of-trains/client/protocol': path.join(PACKAGES, 'client/src/protocol.ts'),
};
const M = Module as unknown as { _resolveFilename: (request: string, ...rest: unknown[]) => string };
const original = M._resolveFilename;
M._resolveFilename = function (request: string, ...rest: unknown[]): string {
  return original.call(this, SOURCES[request] ?? request, ...rest);
};
