// A vitest reporter for `npm test`'s summary: writes {passed, failed, skipped} to the file named by
// EDUCRM_VITEST_COUNTS. A test that was meant to run but did not, because its file failed (a hook
// such as a browser launch threw, or the file did not load), counts as failed, not as skipped;
// only tests declared skip/todo count as skipped. A file that failed before any test was collected
// counts as one failure, and so does an error outside every test when nothing else failed.
import fs from 'node:fs';

export default class CountsReporter {
  onTestRunEnd(testModules, unhandledErrors) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const mod of testModules) {
      const moduleFailed = mod.state() === 'failed' || mod.errors().length > 0;
      let tests = 0;
      for (const test of mod.children.allTests()) {
        tests++;
        const state = test.result().state;
        const declaredSkip = test.options.mode === 'skip' || test.options.mode === 'todo';
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else if (declaredSkip) skipped++;
        else if (moduleFailed) failed++;
        else skipped++; // skipped at run time (ctx.skip()) in a file that passed
      }
      if (moduleFailed && tests === 0) failed++;
    }
    if (unhandledErrors.length > 0 && failed === 0) failed = 1;
    const file = process.env.EDUCRM_VITEST_COUNTS;
    if (file) fs.writeFileSync(file, JSON.stringify({ passed, failed, skipped }));
  }
}
