/**
 * A strict reader of Prometheus's text exposition format (0.0.4), as a scraper reads it: it throws on the first
 * line a scraper would refuse or misread, naming the line. Checks beyond the grammar: every sample belongs to a
 * family whose TYPE came first, a family's TYPE appears once and its samples are together, no series twice,
 * and each histogram's buckets are cumulative with +Inf equal to its _count.
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}
export interface Family {
  type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';
  help?: string;
  samples: Sample[];
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const LABEL = '[a-zA-Z_][a-zA-Z0-9_]*';
// As Prometheus reads values (Go's strconv.ParseFloat): NaN and Inf in any case; prom-client writes 'Nan'.
const VALUE = String.raw`(?:[+-]?(?:\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)|[+-]?[iI][nN][fF]|[nN][aA][nN])`;
const LABEL_PAIR = `${LABEL}="(?:[^"\\\\\\n]|\\\\[\\\\"n])*"`;
const SAMPLE = new RegExp(
  `^(${NAME})(?:\\{((?:${LABEL_PAIR})(?:,${LABEL_PAIR})*,?)?\\})? (${VALUE})(?: -?\\d+)?$`,
);
const SUFFIXES: Record<Family['type'], string[]> = {
  counter: [''],
  gauge: [''],
  untyped: [''],
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['', '_sum', '_count'],
};

const toNumber = (v: string) =>
  /inf/i.test(v) ? (v.startsWith('-') ? -1 : 1) * Infinity : Number(/nan/i.test(v) ? NaN : v);
const unescapeLabel = (v: string) => v.replace(/\\(.)/g, (_, c) => (c === 'n' ? '\n' : c));

export function parsePrometheusText(text: string): Map<string, Family> {
  if (!text.endsWith('\n')) throw new Error('the exposition must end with a newline');
  const families = new Map<string, Family>();
  const series = new Set<string>();
  const typed = new Set<string>();
  let current: string | undefined;
  const lines = text.slice(0, -1).split('\n');
  lines.forEach((line, i) => {
    const where = `line ${i + 1}: ${line}`;
    const meta = line.match(new RegExp(`^# (HELP|TYPE) (${NAME}) (.*)$`));
    if (meta) {
      const [, kind, name, rest] = meta as unknown as [string, string, string, string];
      const family = families.get(name) ?? { type: 'untyped', samples: [] };
      if (kind === 'TYPE') {
        if (!(rest in SUFFIXES)) throw new Error(`unknown type: ${where}`);
        if (family.samples.length || typed.has(name))
          throw new Error(`TYPE after samples or twice: ${where}`);
        family.type = rest as Family['type'];
        typed.add(name);
      } else family.help = unescapeLabel(rest);
      families.set(name, family);
      current = name;
      return;
    }
    // The format ignores empty lines and other comments (prom-client separates families by an empty line).
    if (line.startsWith('#') || line.trim() === '') return;
    const m = SAMPLE.exec(line);
    if (!m) throw new Error(`malformed sample: ${where}`);
    const [, name, labelText, valueText] = m as unknown as [string, string, string | undefined, string];
    const labels: Record<string, string> = {};
    for (const [, k, v] of (labelText ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
      if (k! in labels) throw new Error(`label ${k} twice: ${where}`);
      labels[k!] = unescapeLabel(v!);
    }
    const family = current === undefined ? undefined : families.get(current);
    if (!family || !SUFFIXES[family.type].some((s) => `${current}${s}` === name))
      throw new Error(`sample outside its family (TYPE first, samples together): ${where}`);
    const key = `${name}{${Object.entries(labels)
      .sort()
      .map(([k, v]) => `${k}=${v}`)
      .join(',')}}`;
    if (series.has(key)) throw new Error(`series twice: ${where}`);
    series.add(key);
    family.samples.push({ name, labels, value: toNumber(valueText) });
  });
  for (const [name, family] of families) if (family.type === 'histogram') checkHistogram(name, family);
  return families;
}

function checkHistogram(name: string, family: Family) {
  const groups = new Map<string, { buckets: Sample[]; count?: number }>();
  for (const s of family.samples) {
    const { le, ...rest } = s.labels;
    const key = JSON.stringify(Object.entries(rest).sort());
    const g = groups.get(key) ?? { buckets: [] };
    if (s.name.endsWith('_bucket')) {
      if (le === undefined) throw new Error(`${name}: a bucket without le`);
      g.buckets.push(s);
    } else if (s.name.endsWith('_count')) g.count = s.value;
    groups.set(key, g);
  }
  for (const [key, g] of groups) {
    const les = g.buckets.map((b) => toNumber(b.labels.le!));
    if (les.at(-1) !== Infinity) throw new Error(`${name}${key}: no +Inf bucket last`);
    g.buckets.forEach((b, i) => {
      if (i > 0 && (les[i]! <= les[i - 1]! || b.value < g.buckets[i - 1]!.value))
        throw new Error(`${name}${key}: buckets not cumulative`);
    });
    if (g.buckets.at(-1)!.value !== g.count) throw new Error(`${name}${key}: +Inf bucket is not _count`);
  }
}

/** The value of one series, e.g. value(families, 'glass_outbox_messages', { state: 'failed' }). */
export function seriesValue(
  families: Map<string, Family>,
  sample: string,
  labels: Record<string, string> = {},
): number | undefined {
  const family = families.get(sample) ?? families.get(sample.replace(/_(bucket|sum|count)$/, ''));
  return family?.samples.find(
    (s) =>
      s.name === sample &&
      Object.keys(s.labels).length === Object.keys(labels).length &&
      Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  )?.value;
}
