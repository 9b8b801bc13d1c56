/** A message tree: nested objects whose leaves are strings (i18next's default JSON shape). */
export interface Messages {
  [key: string]: string | Messages;
}
