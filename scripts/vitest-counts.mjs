// A vitest reporter for `npm test`'s summary: writes {passed, failed, skipped, failures} to the file
// named by EDUCRM_VITEST_COUNTS. A test that was meant to run but did not, because its file failed
// (a hook such as a browser launch threw, or the file did not load), counts as failed, not as
// skipped; only tests declared skip/todo count as skipped. A file that failed before any test was
// collected counts as one failure, and so does an error outside every test when nothing else
// failed. `failures` names each failed test (file > test: the first line of its error), so that the
// summary at the end of a long log, all a CI page may keep, still says what failed.
import fs from 'node:fs';
import path from 'node:path';

const firstLine = (errors) =>
  String(errors?.[0]?.message ?? '')
    .split('\n')[0]
    .slice(0, 300);

export default class CountsReporter {
  onInit(vitest) {
    this.root = vitest.config.root;
  }

  onTestRunEnd(testModules, unhandledErrors) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const failures = [];
    for (const mod of testModules) {
      const file = path.relative(this.root ?? process.cwd(), mod.moduleId);
      const moduleErrors = mod.errors();
      const moduleFailed = mod.state() === 'failed' || moduleErrors.length > 0;
      let tests = 0;
      for (const test of mod.children.allTests()) {
        tests++;
        const result = test.result();
        const declaredSkip = test.options.mode === 'skip' || test.options.mode === 'todo';
        if (result.state === 'passed') passed++;
        else if (result.state === 'failed') {
          failed++;
          failures.push(`${file} > ${test.fullName}: ${firstLine(result.errors)}`);
        } else if (declaredSkip) skipped++;
        else if (moduleFailed) failed++;
        else skipped++; // skipped at run time (ctx.skip()) in a file that passed
      }
      if (moduleFailed) {
        if (tests === 0) failed++;
        if (moduleErrors.length > 0) failures.push(`${file}: ${firstLine(moduleErrors)}`);
      }
    }
    if (unhandledErrors.length > 0) {
      if (failed === 0) failed = 1;
      failures.push(`outside every test: ${firstLine(unhandledErrors)}`);
    }
    const out = process.env.EDUCRM_VITEST_COUNTS;
    if (out) fs.writeFileSync(out, JSON.stringify({ passed, failed, skipped, failures }));
  }
}
