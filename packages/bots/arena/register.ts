/**
 * Resolve the workspace packages to their TypeScript sources, so the arena
 * runs under ts-node without building dist/ first.
 */
import Module = require('module');
import path = require('path');

const map: Record<string, string> = {
  '@isle-of-trains/engine-core': path.resolve(__dirname, '../../engine-core/src/index.ts'),
  '@isle-of-trains/rules': path.resolve(__dirname, '../../rules/src/index.ts'),
  '@isle-of-trains/ttr-rules': path.resolve(__dirname, '../../ttr-rules/src/index.ts'),
  '@isle-of-trains/bots': path.resolve(__dirname, '../src/index.ts'),
};
const M = Module as unknown as { _resolveFilename: (request: string, ...rest: unknown[]) => string };
const original = M._resolveFilename;
M._resolveFilename = function (request: string, ...rest: unknown[]): string {
  return original.call(this, map[request] ?? request, ...rest);
};
