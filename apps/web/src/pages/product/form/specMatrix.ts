/**
 * The multi-spec generator: spec names with their values -> the SKU matrix (every combination of
 * values), keeping what was entered for existing SKUs when values or specs are added, renamed or
 * removed. Pure functions, unit tested. Prices here are yuan (the form's unit).
 */

export const MAX_SPECS = 3;
export const MAX_SKUS = 200;
export const SPEC_NAME_MAX = 20;
export const SPEC_VALUE_MAX = 40;

export interface SpecDef {
  name: string;
  values: string[];
}
export interface SkuProperty {
  name: string;
  value: string;
}

/** One SKU row of the form (money in yuan). `id` is the stored SKU's when editing. */
export interface FormSku {
  id?: number;
  properties: SkuProperty[];
  skuCode: string;
  price: number | null;
  marketPrice: number | null;
  costPrice: number | null;
  /** null = unlimited (virtual goods). */
  stock: number | null;
  status: 'ENABLED' | 'DISABLED';
  /** Delivery (step 交付设置): the class this SKU enrols into and its own validity (null = the product's). */
  classId?: number | null;
  validityMode?: 'FOREVER' | 'DAYS' | 'DATE' | null;
  validityDays?: number | null;
  validityDate?: string | null;
  /** 课时包: lesson hours a paid order credits (null = a period-only SKU). */
  lessonHours?: number | null;
}

/** The identity of a combination of spec values. */
export const specKey = (props: readonly SkuProperty[]) => JSON.stringify(props.map((p) => [p.name, p.value]));

/** Names and values trimmed; blank names, blank and repeated values dropped; specs without values dropped. */
export const cleanSpecs = (specs: readonly SpecDef[]): SpecDef[] => {
  const out: SpecDef[] = [];
  for (const spec of specs) {
    const name = spec.name.trim();
    if (!name || out.some((s) => s.name === name)) continue;
    const values = [...new Set(spec.values.map((v) => v.trim()).filter(Boolean))];
    if (values.length) out.push({ name, values });
  }
  return out;
};

/** Every combination of values, in spec order (the first spec varies slowest). */
export const combinations = (specs: readonly SpecDef[]): SkuProperty[][] => {
  const clean = cleanSpecs(specs);
  if (!clean.length) return [];
  return clean.reduce<SkuProperty[][]>(
    (acc, spec) => acc.flatMap((props) => spec.values.map((value) => [...props, { name: spec.name, value }])),
    [[]],
  );
};

/** How many SKUs the specs make (to refuse a matrix over MAX_SKUS before building it). */
export const combinationCount = (specs: readonly SpecDef[]) =>
  cleanSpecs(specs).reduce((n, s) => n * s.values.length, cleanSpecs(specs).length ? 1 : 0);

/** The specs that existing SKUs carry (loading a product): names and values in order of appearance. */
export const specsFromSkus = (skus: readonly { properties: readonly SkuProperty[] }[]): SpecDef[] => {
  const specs: SpecDef[] = [];
  for (const sku of skus) {
    for (const { name, value } of sku.properties) {
      let spec = specs.find((s) => s.name === name);
      if (!spec) {
        spec = { name, values: [] };
        specs.push(spec);
      }
      if (!spec.values.includes(value)) spec.values.push(value);
    }
  }
  return specs;
};

/** Shared properties (same name and value) when nothing contradicts; -1 when a name has another value. */
const affinity = (from: readonly SkuProperty[], to: readonly SkuProperty[]) => {
  let same = 0;
  for (const p of from) {
    const q = to.find((x) => x.name === p.name);
    if (q && q.value !== p.value) return -1;
    if (q) same++;
  }
  return same;
};

/**
 * The SKU rows for these specs. A combination that an existing row already has keeps that row (its
 * id, code, prices, stock and status). Otherwise a new row takes the prices, stock and status of
 * the closest existing row it extends or narrows (a spec added or removed: "版本=基础" gives its
 * values to "版本=基础, 时长=1年"); the first such row also passes on its id and code. A value that
 * no row had starts empty. `newCode(i)` makes codes for new rows.
 */
export const buildSkuMatrix = (
  specs: readonly SpecDef[],
  existing: readonly FormSku[],
  newCode: (index: number) => string,
): FormSku[] => {
  const combos = combinations(specs);
  const byKey = new Map(existing.map((k) => [specKey(k.properties), k]));
  const claimed = new Set<FormSku>();
  const rows: (FormSku | null)[] = combos.map((props) => {
    const same = byKey.get(specKey(props));
    if (!same) return null;
    claimed.add(same);
    return { ...same, properties: props };
  });
  let codes = 0;
  const used = new Set(rows.flatMap((r) => (r ? [r.skuCode] : [])));
  const freshCode = () => {
    let code = newCode(codes++);
    while (used.has(code)) code = newCode(codes++);
    used.add(code);
    return code;
  };
  return combos.map((props, i) => {
    const row = rows[i];
    if (row) return row;
    let best: FormSku | undefined;
    let bestScore = -1;
    for (const old of existing) {
      const score = affinity(old.properties, props);
      // Only rows that differ by whole specs (added or removed), never by another value of a spec.
      if (score < 0 || (score === 0 && old.properties.length > 0 && props.length > 0)) continue;
      if (score > bestScore) {
        best = old;
        bestScore = score;
      }
    }
    if (!best)
      return {
        properties: props,
        skuCode: freshCode(),
        price: null,
        marketPrice: null,
        costPrice: null,
        stock: 0,
        status: 'ENABLED',
      };
    const takeOver = !claimed.has(best);
    claimed.add(best);
    return {
      ...(takeOver && best.id !== undefined ? { id: best.id } : {}),
      properties: props,
      skuCode: takeOver ? best.skuCode : freshCode(),
      price: best.price,
      marketPrice: best.marketPrice,
      costPrice: best.costPrice,
      stock: best.stock,
      status: best.status,
    };
  });
};

/** A spec renamed: the rows keep their values under the new name. */
export const renameSpec = (skus: readonly FormSku[], from: string, to: string): FormSku[] =>
  skus.map((k) => ({
    ...k,
    properties: k.properties.map((p) => (p.name === from ? { ...p, name: to } : p)),
  }));

/** A value renamed: the rows that had it keep their prices, stock and ids under the new value. */
export const renameSpecValue = (
  skus: readonly FormSku[],
  spec: string,
  from: string,
  to: string,
): FormSku[] =>
  skus.map((k) => ({
    ...k,
    properties: k.properties.map((p) => (p.name === spec && p.value === from ? { ...p, value: to } : p)),
  }));

/** The same value for a field of every row (the batch fill above the matrix). */
export const fillAll = (
  skus: readonly FormSku[],
  patch: Partial<Pick<FormSku, 'price' | 'marketPrice' | 'costPrice' | 'stock'>>,
): FormSku[] => skus.map((k) => ({ ...k, ...patch }));

/** A code prefix unique enough for one form: "P" + base-36 time + random. */
export const codePrefix = (now = Date.now(), random = Math.random()) =>
  `P${now.toString(36).toUpperCase().slice(-6)}${Math.floor(random * 1296)
    .toString(36)
    .toUpperCase()
    .padStart(2, '0')}`;
