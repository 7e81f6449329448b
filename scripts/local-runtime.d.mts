// Types of local-runtime.mjs for the TypeScript callers (the browser suite).
import type { ChildProcess, StdioOptions } from 'node:child_process';

export declare const localEnv: NodeJS.ProcessEnv;
export declare const WORKER_SETTINGS: readonly string[];
export declare function applyMigrations(persistTo: string): void;
export declare function buildWeb(): void;
export declare function readDevVars(file?: string): Record<string, string>;
export declare function localSettings(fileVars: Record<string, string>, env?: Record<string, string | undefined>): Record<string, string>;
export declare function startWorker(options: {
  port: number;
  persistTo: string;
  inspectorPort?: number;
  settings?: Record<string, string>;
  vars?: Record<string, string>;
  stdio?: StdioOptions;
  extraArgs?: string[];
  detached?: boolean;
  exitWithWorker?: boolean;
}): ChildProcess;
export declare function stopWorker(child: ChildProcess): void;
