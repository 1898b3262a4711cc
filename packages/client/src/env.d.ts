/**
 * The two host functions the package uses, which Node 22+ and every browser provide. Declared here
 * so the package compiles without the DOM or Node type libraries (it must not depend on either).
 */
declare function fetch(
  url: string,
  init?: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;
declare function setTimeout(fn: () => void, ms?: number): unknown;
