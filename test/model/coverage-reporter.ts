// `npm run test:model` ends with how much of each statechart the generated walks took: per
// machine, states and transitions covered out of those the chart defines.
import type { Reporter, TestCase } from 'vitest/node';
import type { ModelCoverage } from './helpers/coverage';

export default class ModelCoverageReporter implements Reporter {
  private readonly rows: ModelCoverage[] = [];

  onTestCaseResult(testCase: TestCase): void {
    const coverage = testCase.meta().modelCoverage;
    if (coverage) this.rows.push(coverage);
  }

  onTestRunEnd(): void {
    if (this.rows.length === 0) return;
    const rows = [...this.rows].sort((a, b) => a.machine.localeCompare(b.machine));
    const share = ({ covered, total }: { covered: number; total: number }) =>
      `${covered}/${total}`.padStart(9);
    const width = Math.max(...rows.map((r) => r.machine.length), 'machine'.length);
    const lines = [
      '',
      'Model coverage (generated paths through the real machines):',
      `  ${'machine'.padEnd(width)}     states  transitions`,
      ...rows.map(
        (r) => `  ${r.machine.padEnd(width)}  ${share(r.states)}    ${share(r.transitions)}`,
      ),
      '',
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}
