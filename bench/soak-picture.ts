// The soak's picture (bench/soak.ts): throughput, p99 and each copy's RSS over time, one panel
// each, with every fault's window shaded. Plain SVG, written beside the soak's table.

type Sample = { t: number; perSecond: number; p99: number; rss: number[] };
type Fault = { name: string; down: number; back: number };

const WIDTH = 960;
const PANEL = 180;
const LEFT = 70;
const RIGHT = 20;
const TOP = 30;
const GAP = 40;
const COLORS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#8c564b'];

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

export function soakPicture(opts: { samples: Sample[]; faults: Fault[]; copies: number; seconds: number }): string {
  const { samples, faults, copies, seconds } = opts;
  const plotWidth = WIDTH - LEFT - RIGHT;
  const x = (t: number) => LEFT + (t / Math.max(1, seconds)) * plotWidth;
  const panels: { title: string; unit: string; series: { label: string; values: [number, number][] }[] }[] = [
    {
      title: 'Operations answered OK per second',
      unit: '/s',
      series: [{ label: 'ops/s', values: samples.map((s) => [s.t, s.perSecond]) }],
    },
    { title: 'p99 latency', unit: 'ms', series: [{ label: 'p99', values: samples.map((s) => [s.t, s.p99]) }] },
    {
      title: 'RSS per copy',
      unit: 'MB',
      series: Array.from({ length: copies }, (_, i) => ({
        label: `copy ${i + 1}`,
        values: samples.map((s): [number, number] => [s.t, (s.rss[i] ?? 0) / 1048576]),
      })),
    },
  ];
  const height = TOP + panels.length * (PANEL + GAP) + 20;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="sans-serif" font-size="12">`,
    `<title>Soak: operations per second, p99 latency and each copy's RSS over time, faults shaded</title>`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
  ];
  panels.forEach((panel, p) => {
    const top = TOP + p * (PANEL + GAP);
    const max = Math.max(1, ...panel.series.flatMap((s) => s.values.map(([, v]) => v))) * 1.1;
    const y = (v: number) => top + PANEL - (v / max) * PANEL;
    out.push(`<text x="${LEFT}" y="${top - 8}" font-weight="bold">${esc(panel.title)} (${panel.unit})</text>`);
    for (const f of faults) {
      const back = Number.isNaN(f.back) ? seconds : f.back;
      out.push(
        `<rect x="${x(f.down).toFixed(1)}" y="${top}" width="${Math.max(1, x(back) - x(f.down)).toFixed(1)}" height="${PANEL}" fill="#f5c6c6" opacity="0.6"><title>${esc(f.name)}</title></rect>`,
      );
    }
    out.push(`<rect x="${LEFT}" y="${top}" width="${plotWidth}" height="${PANEL}" fill="none" stroke="#888"/>`);
    for (const k of [0, 0.5, 1]) {
      const v = (max / 1.1) * k;
      out.push(
        `<text x="${LEFT - 6}" y="${(y(v) + 4).toFixed(1)}" text-anchor="end">${v.toFixed(v < 10 ? 1 : 0)}</text>`,
      );
    }
    for (let m = 0; m <= seconds / 60; m += Math.max(1, Math.ceil(seconds / 60 / 15))) {
      out.push(`<text x="${x(m * 60).toFixed(1)}" y="${top + PANEL + 14}" text-anchor="middle">${m} min</text>`);
    }
    panel.series.forEach((series, i) => {
      const points = series.values.map(([t, v]) => `${x(t).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
      out.push(`<polyline fill="none" stroke="${COLORS[i % COLORS.length]}" stroke-width="1.5" points="${points}"/>`);
      if (panel.series.length > 1)
        out.push(
          `<text x="${LEFT + plotWidth - 80 * (panel.series.length - i)}" y="${top + 14}" fill="${COLORS[i % COLORS.length]}">${esc(series.label)}</text>`,
        );
    });
  });
  out.push(
    `<text x="${LEFT}" y="${height - 6}" fill="#a33">shaded: a fault, from its start until every copy answered /readyz again</text>`,
    '</svg>',
  );
  return `${out.join('\n')}\n`;
}
