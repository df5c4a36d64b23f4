import type { ReportColumn, ReportTable } from '@glass/domain/contracts/reports';
import { formatCents } from '@glass/domain/rules/money-format';
import { theme } from 'antd';
import { useMemo } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

type Datum = Record<string, string | number>;

/**
 * The chart of a report table (recharts, in this lazy chunk only): the table's rows as bars or lines,
 * pivoted by the `series` column when there is one (one bar per facility in each period). Colours are
 * the theme's tokens. The table under it holds the same figures for screen readers and export.
 */
export function pivot(table: ReportTable): { data: Datum[]; keys: { key: string; name: string }[] } {
  const chart = table.chart;
  if (!chart) return { data: [], keys: [] };
  const title = (key: string) => table.columns.find((c) => c.key === key)?.title ?? key;
  if (!chart.series) {
    const data = table.rows.map((r) => {
      const d: Datum = { category: String(r[chart.category] ?? '') };
      for (const v of chart.values) d[v] = typeof r[v] === 'number' ? (r[v] as number) : 0;
      return d;
    });
    return { data, keys: chart.values.map((v) => ({ key: v, name: title(v) })) };
  }
  const value = chart.values[0];
  const byCategory = new Map<string, Datum>();
  const series: string[] = [];
  for (const r of table.rows) {
    const c = String(r[chart.category] ?? '');
    const s = String(r[chart.series] ?? '');
    if (!series.includes(s)) series.push(s);
    const d = byCategory.get(c) ?? { category: c };
    d[`s:${s}`] =
      ((d[`s:${s}`] as number | undefined) ?? 0) + (typeof r[value] === 'number' ? (r[value] as number) : 0);
    byCategory.set(c, d);
  }
  return { data: [...byCategory.values()], keys: series.map((s) => ({ key: `s:${s}`, name: s })) };
}

export function ReportChart({ table }: { table: ReportTable }) {
  const { token } = theme.useToken();
  const palette = [
    token.colorPrimary,
    token.green6,
    token.gold6,
    token.purple6,
    token.cyan6,
    token.volcano6,
    token.magenta6,
    token.lime6,
    token.geekblue6,
    token.orange6,
  ];
  const { data, keys } = useMemo(() => pivot(table), [table]);
  const chart = table.chart;
  if (!chart) return null;
  const money = chart.values.some(
    (v) => table.columns.find((c: ReportColumn) => c.key === v)?.type === 'cents',
  );
  const fmt = (v: unknown) => (money ? formatCents(Number(v)) : Number(v).toLocaleString('en-US'));
  const axisTick = { fill: token.colorTextSecondary, fontSize: 12 };
  const common = (
    <>
      <CartesianGrid stroke={token.colorBorderSecondary} vertical={false} />
      <XAxis dataKey="category" tick={axisTick} stroke={token.colorBorder} />
      <YAxis
        tick={axisTick}
        stroke={token.colorBorder}
        width={money ? 90 : 50}
        tickFormatter={(v: number) =>
          money ? formatCents(v).replace(/\.\d\d$/, '') : v.toLocaleString('en-US')
        }
      />
      <Tooltip
        formatter={(v) => fmt(v)}
        contentStyle={{
          background: token.colorBgElevated,
          borderColor: token.colorBorder,
          color: token.colorText,
        }}
      />
      {keys.length > 1 ? <Legend wrapperStyle={{ color: token.colorText }} /> : null}
    </>
  );
  const label = `Chart of ${table.title}; the same figures are in the table below.`;
  return (
    <figure className="rp-chart" role="img" aria-label={label}>
      <ResponsiveContainer width="100%" height="100%">
        {chart.kind === 'line' ? (
          <LineChart data={data} accessibilityLayer={false}>
            {common}
            {keys.map((k, i) => (
              <Line
                key={k.key}
                dataKey={k.key}
                name={k.name}
                stroke={palette[i % palette.length]}
                dot={false}
              />
            ))}
          </LineChart>
        ) : (
          <BarChart data={data} accessibilityLayer={false}>
            {common}
            {keys.map((k, i) => (
              <Bar
                key={k.key}
                dataKey={k.key}
                name={k.name}
                fill={palette[i % palette.length]}
                stackId={chart.kind === 'stackedBar' ? 'stack' : undefined}
              />
            ))}
          </BarChart>
        )}
      </ResponsiveContainer>
    </figure>
  );
}
