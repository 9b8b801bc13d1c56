/**
 * The member import's text: one member a line, the mobile first, then optionally a comma (ASCII or
 * full-width) or a tab and the nickname. Blank lines are skipped; the server checks each mobile and
 * answers per row.
 */
export const parseMemberLines = (text: string): { mobile: string; nickname: string }[] =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [mobile = '', ...rest] = line.split(/[,，\t]/);
      return { mobile: mobile.trim(), nickname: rest.join(',').trim() };
    });
