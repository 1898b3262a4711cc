/**
 * Where a place in the built bundle came from: a reader of the source maps Vite writes beside the bundle
 * (`sourcemap: 'hidden'`), so that the render bench's profile names the project's own functions and files
 * instead of minified ones. Source map v3, Base64 VLQ mappings; no dependency.
 */
import * as fs from 'fs';
import * as path from 'path';

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...B64].map((c, i) => [c, i]));

/** One mapping: generated column, then source index, source line, source column and name index (all 0-based). */
type Segment = [number, number, number, number, number];

export interface Origin { source: string; line: number; column: number; name: string | null }

export class SourceMap {
  private readonly lines: Segment[][] = [];
  private readonly sources: string[];
  private readonly names: string[];

  constructor(raw: { sources: string[]; names?: string[]; mappings: string }) {
    this.sources = raw.sources;
    this.names = raw.names ?? [];
    let src = 0;
    let sLine = 0;
    let sCol = 0;
    let name = 0;
    for (const line of raw.mappings.split(';')) {
      const segs: Segment[] = [];
      let col = 0;
      for (const seg of line.split(',')) {
        if (!seg) continue;
        const v = decode(seg);
        col += v[0];
        if (v.length >= 4) {
          src += v[1];
          sLine += v[2];
          sCol += v[3];
          if (v.length >= 5) name += v[4];
          segs.push([col, src, sLine, sCol, v.length >= 5 ? name : -1]);
        }
      }
      this.lines.push(segs);
    }
  }

  static read(file: string): SourceMap | null {
    try {
      return new SourceMap(JSON.parse(fs.readFileSync(file, 'utf8')) as { sources: string[]; names?: string[]; mappings: string });
    } catch {
      return null;
    }
  }

  /** The source place of a generated line and column (0-based), the nearest mapping at or before it. */
  at(line: number, column: number): Origin | null {
    const segs = this.lines[line];
    if (!segs || segs.length === 0) return null;
    let lo = 0;
    let hi = segs.length - 1;
    if (segs[0][0] > column) return null;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (segs[mid][0] <= column) lo = mid;
      else hi = mid - 1;
    }
    const s = segs[lo];
    return { source: this.sources[s[1]], line: s[2], column: s[3], name: s[4] >= 0 ? this.names[s[4]] : null };
  }
}

function decode(seg: string): number[] {
  const out: number[] = [];
  let value = 0;
  let shift = 0;
  for (const c of seg) {
    const d = DIGIT.get(c);
    if (d === undefined) throw new Error(`bad source map digit ${c}`);
    value += (d & 31) << shift;
    if (d & 32) shift += 5;
    else {
      out.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return out;
}

/** A frame of a V8 CPU profile: the function and where it sits in the generated file. */
export interface CallFrame { functionName: string; url: string; lineNumber: number; columnNumber: number }

/**
 * Names a profile's frames by the built client's source maps (`dist`: the build whose bundle the page ran, the
 * maps written beside it): "function source-file:line". `own`: the frame is the project's code, not a
 * dependency's or the browser's. Each map is read once.
 */
export class FrameNames {
  private readonly maps = new Map<string, SourceMap | null>();

  constructor(private readonly dist: string) {}

  name(f: CallFrame): { name: string; own: boolean } {
    if (!f.url) return { name: f.functionName || '(anonymous)', own: false };
    const file = path.basename(new URL(f.url, 'http://x/').pathname);
    if (!this.maps.has(file)) this.maps.set(file, SourceMap.read(path.join(this.dist, 'assets', `${file}.map`)));
    const o = this.maps.get(file)?.at(f.lineNumber, f.columnNumber);
    if (!o) return { name: `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}:${f.columnNumber + 1}`, own: false };
    const src = o.source.replace(/^(\.\.\/)+/, '').replace(/^.*node_modules\//, '');
    const fn = `${f.functionName || '(anonymous)'}${o.name && o.name !== f.functionName ? ` (${o.name})` : ''}`;
    return { name: `${fn} ${src}:${o.line + 1}`, own: !/node_modules|^preact/.test(o.source) };
  }
}
