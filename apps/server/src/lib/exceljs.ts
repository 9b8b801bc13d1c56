import { createRequire } from 'node:module';
import type * as ExcelJSModule from 'exceljs';

let loaded: typeof ExcelJSModule | undefined;

/**
 * exceljs, loaded at the first spreadsheet import or export rather than at start: the library and
 * what it pulls in (jszip, archiver, unzipper, ...) cost a server ~39 MB of RSS that most
 * processes never use (bench/README.md, the server's memory on PostgreSQL).
 */
export const excel = (): typeof ExcelJSModule => {
  loaded ??= createRequire(import.meta.url)('exceljs') as typeof ExcelJSModule;
  return loaded;
};
