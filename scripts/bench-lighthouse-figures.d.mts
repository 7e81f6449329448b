// Types of bench-lighthouse-figures.mjs for its tests.
export interface RunFigures {
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  apiCalls: number;
  covers: number;
  jsGzipKiB: number;
  scripts: string[];
}
export declare function runFigures(lhr: unknown, base: string, gzipOf: (url: string) => Promise<number>): Promise<RunFigures>;
export declare function pageMedians(
  name: string,
  path: string,
  runs: RunFigures[],
): Omit<RunFigures, 'scripts'> & { name: string; path: string; runs: number; scripts: string[] };
