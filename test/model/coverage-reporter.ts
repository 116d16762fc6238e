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
    // A machine walked by several files (the shared slides) counts what any of them took.
    const byMachine = new Map<string, ModelCoverage>();
    for (const row of this.rows) {
      const seen = byMachine.get(row.machine);
      if (!seen) {
        byMachine.set(row.machine, row);
        continue;
      }
      const states = seen.missing.states.filter((id) => row.missing.states.includes(id));
      const transitions = seen.missing.transitions.filter((key) =>
        row.missing.transitions.includes(key),
      );
      byMachine.set(row.machine, {
        machine: row.machine,
        states: { covered: row.states.total - states.length, total: row.states.total },
        transitions: {
          covered: row.transitions.total - transitions.length,
          total: row.transitions.total,
        },
        missing: { states, transitions },
      });
    }
    const rows = [...byMachine.values()].sort((a, b) => a.machine.localeCompare(b.machine));
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
