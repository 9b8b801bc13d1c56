/** 13812341234 → 138****1234 (DOMAIN section 0: non-owners and chakan see masked phones). */
export const maskMobile = (mobile: string | null | undefined): string => {
  if (!mobile) return '';
  if (mobile.length < 7) return '*'.repeat(mobile.length);
  return `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;
};
