/** The soak run's plot (bench/soak.ts → bench/soak.svg): four panels over the run's minutes, drawn as plain SVG. */

/** One minute of the soak: the load's latencies of that minute and the server's figures at its end. */
export interface Minute {
  minute: number;
  at: string;
  reads: number;
  readP50: number;
  readP99: number;
  writes: number;
  writeP50: number;
  writeP99: number;
  errors: number;
  rssMb: number;
  heapMb: number;
  lagP99Ms: number;
  lagMaxMs: number;
  fds: number;
  sockets: number;
  engine: number;
  rooms: number;
  poolWaiting: number;
  answersMb: number;
  [cache: `cache_${string}`]: number;
}

interface Series {
  label: string;
  colour: string;
  value: (m: Minute) => number;
}

const PANELS: { title: string; unit: string; series: Series[] }[] = [
  {
    title: 'Memory of the server process',
    unit: 'MB',
    series: [
      { label: 'resident (RSS)', colour: '#1f77b4', value: (m) => m.rssMb },
      { label: 'V8 heap used', colour: '#ff7f0e', value: (m) => m.heapMb },
    ],
  },
  {
    title: "p99 of the minute's requests",
    unit: 'ms',
    series: [
      { label: 'reads', colour: '#2ca02c', value: (m) => m.readP99 },
      { label: 'writes', colour: '#d62728', value: (m) => m.writeP99 },
    ],
  },
  {
    title: 'Event-loop delay',
    unit: 'ms',
    series: [
      { label: 'p99', colour: '#9467bd', value: (m) => m.lagP99Ms },
      { label: 'max in the minute', colour: '#8c564b', value: (m) => m.lagMaxMs },
    ],
  },
  {
    title: 'Bounded structures (entries)',
    unit: '',
    series: [
      { label: 'socket.io rooms', colour: '#e377c2', value: (m) => m.rooms },
      { label: 'count cache', colour: '#7f7f7f', value: (m) => m.cache_count },
      { label: 'appointment answers', colour: '#bcbd22', value: (m) => m.cache_appointment_answers },
      { label: 'open fds', colour: '#17becf', value: (m) => m.fds },
    ],
  },
];

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

export function soakSvg(samples: Minute[], marks: { minute: number; note: string }[]): string {
  const width = 900;
  const panelH = 170;
  const left = 60;
  const right = 20;
  const top = 30;
  const gap = 45;
  const height = top + PANELS.length * (panelH + gap);
  const last = Math.max(1, samples.at(-1)?.minute ?? 1);
  const x = (minute: number) => left + (minute / last) * (width - left - right);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="11" role="img" aria-labelledby="soak-title">`,
    `<title id="soak-title">Soak run: memory, p99, event-loop delay and bounded structures of one server process over ${last} minutes</title>`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
  ];
  PANELS.forEach((panel, i) => {
    const y0 = top + i * (panelH + gap);
    const values = samples.flatMap((m) => panel.series.map((s) => s.value(m))).filter(Number.isFinite);
    const max = Math.max(1, ...values) * 1.1;
    const y = (v: number) => y0 + panelH - (v / max) * panelH;
    parts.push(
      `<text x="${left}" y="${y0 - 8}" font-size="13" font-weight="bold">${esc(panel.title)}</text>`,
      `<rect x="${left}" y="${y0}" width="${width - left - right}" height="${panelH}" fill="none" stroke="#cccccc"/>`,
    );
    for (let t = 0; t <= 4; t++) {
      const v = (max * t) / 4;
      parts.push(
        `<line x1="${left}" x2="${width - right}" y1="${y(v)}" y2="${y(v)}" stroke="#eeeeee"/>`,
        `<text x="${left - 4}" y="${y(v) + 4}" text-anchor="end">${v >= 10 ? v.toFixed(0) : v.toFixed(1)}${panel.unit ? ` ${panel.unit}` : ''}</text>`,
      );
    }
    for (let m = 0; m <= last; m += last > 60 ? 15 : 5)
      parts.push(`<text x="${x(m)}" y="${y0 + panelH + 14}" text-anchor="middle">${m} min</text>`);
    for (const mark of marks)
      parts.push(
        `<line x1="${x(mark.minute)}" x2="${x(mark.minute)}" y1="${y0}" y2="${y0 + panelH}" stroke="#999999" stroke-dasharray="3,3"><title>${esc(mark.note)}</title></line>`,
      );
    panel.series.forEach((s, k) => {
      const points = samples
        .filter((m) => Number.isFinite(s.value(m)))
        .map((m) => `${x(m.minute).toFixed(1)},${y(s.value(m)).toFixed(1)}`)
        .join(' ');
      parts.push(
        `<polyline points="${points}" fill="none" stroke="${s.colour}" stroke-width="1.5"/>`,
        `<rect x="${left + 10 + k * 170}" y="${y0 + 8}" width="10" height="10" fill="${s.colour}"/>`,
        `<text x="${left + 24 + k * 170}" y="${y0 + 17}">${esc(s.label)}</text>`,
      );
    });
  });
  parts.push('</svg>');
  return parts.join('\n');
}
