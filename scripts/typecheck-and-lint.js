// `npm run typecheck` and `npm run lint` in one process over one TypeScript program: the
// compiler checks every file (as `tsc --noEmit -p tsconfig.json` does), then ESLint's typed rules
// ask that same program for their types, most of which the check has already worked out (the
// two commands apart build and check the program twice). Prints what each prints; exits 1 on a
// type error, a lint error or a lint warning (`--max-warnings 0`).
import ts from 'typescript';
import { ESLint } from 'eslint';

const seconds = (since) => ((performance.now() - since) / 1000).toFixed(1);

let started = performance.now();
const config = ts.getParsedCommandLineOfConfigFile(
  'tsconfig.json',
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  },
);
if (!config) throw new Error('tsconfig.json could not be read');
const program = ts.createProgram({
  rootNames: config.fileNames,
  options: config.options,
  projectReferences: config.projectReferences,
});
const diagnostics = [...config.errors, ...ts.getPreEmitDiagnostics(program)];
if (diagnostics.length > 0) {
  const host = {
    getCanonicalFileName: (fileName) => fileName,
    getCurrentDirectory: ts.sys.getCurrentDirectory,
    getNewLine: () => ts.sys.newLine,
  };
  process.stdout.write(ts.formatDiagnosticsWithColorAndContext(diagnostics, host));
  process.stdout.write(`\nFound ${diagnostics.length} type errors.\n`);
}
process.stdout.write(`typecheck: ${diagnostics.length} errors in ${seconds(started)} s\n`);

started = performance.now();
const eslint = new ESLint({
  // The TypeScript files are the program's (tsconfig.json includes every one ESLint lints); the
  // JavaScript files keep the config's own settings (no type information).
  overrideConfig: [
    {
      files: ['**/*.ts', '**/*.tsx'],
      languageOptions: { parserOptions: { projectService: false, programs: [program] } },
    },
  ],
});
const results = await eslint.lintFiles(['.']);
const formatter = await eslint.loadFormatter('stylish');
const report = await formatter.format(results);
if (report) process.stdout.write(report);
const problems = results.reduce((sum, result) => sum + result.errorCount + result.warningCount, 0);
process.stdout.write(`lint: ${problems} problems in ${seconds(started)} s\n`);

process.exitCode = diagnostics.length > 0 || problems > 0 ? 1 : 0;
