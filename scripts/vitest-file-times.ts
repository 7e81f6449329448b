// A Vitest reporter that prints, at the end of a run, where each test file's time went: its setup files
// (in the worker project, importing `cloudflare:test`, which loads the whole Worker, then the migrations),
// collecting its tests, and its tests and hooks. Used beside another reporter:
//   npx vitest run --project worker --reporter=./scripts/vitest-file-times.ts --reporter=default
import type { Reporter, TestModule } from 'vitest/node';

const seconds = (ms: number) => (ms / 1000).toFixed(1).padStart(6);

export default class FileTimes implements Reporter {
  private readonly rows: { file: string; setup: number; collect: number; tests: number; state: string }[] = [];

  onTestModuleEnd(testModule: TestModule) {
    const diagnostic = testModule.diagnostic();
    this.rows.push({
      file: testModule.moduleId.replace(`${process.cwd()}/`, ''),
      setup: diagnostic.setupDuration,
      collect: diagnostic.collectDuration,
      tests: diagnostic.duration,
      state: testModule.state(),
    });
  }

  onTestRunEnd() {
    const rows = [...this.rows].sort((a, b) => b.setup + b.tests - (a.setup + a.tests));
    const total = (key: 'setup' | 'collect' | 'tests') => rows.reduce((sum, row) => sum + row[key], 0);
    console.log('\n setup s collect s  tests s  file');
    for (const row of rows) {
      console.log(
        `${seconds(row.setup)}  ${seconds(row.collect)}  ${seconds(row.tests)}  ${row.file}${row.state === 'passed' ? '' : ` (${row.state})`}`,
      );
    }
    console.log(`${seconds(total('setup'))}  ${seconds(total('collect'))}  ${seconds(total('tests'))}  ${rows.length} files`);
  }
}
