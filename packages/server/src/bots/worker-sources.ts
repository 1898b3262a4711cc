/**
 * Loaded first by the bot worker. When the worker runs from TypeScript sources (tests, ts-node), the
 * workspace packages have no dist/ yet: resolve them to their sources, as the arena's register does.
 * From compiled JavaScript (production) this does nothing.
 */
import Module = require('module');
import path = require('path');

if (__filename.endsWith('.ts')) {
  const map: Record<string, string> = {
    '@isle-of-trains/engine-core': path.resolve(__dirname, '../../../engine-core/src/index.ts'),
    '@isle-of-trains/rules': path.resolve(__dirname, '../../../rules/src/index.ts'),
    '@isle-of-trains/ttr-rules': path.resolve(__dirname, '../../../ttr-rules/src/index.ts'),
    '@isle-of-trains/bots': path.resolve(__dirname, '../../../bots/src/index.ts'),
  };
  const M = Module as unknown as { _resolveFilename: (request: string, ...rest: unknown[]) => string };
  const original = M._resolveFilename;
  M._resolveFilename = function (request: string, ...rest: unknown[]): string {
    return original.call(this, map[request] ?? request, ...rest);
  };
}
