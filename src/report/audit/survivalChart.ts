import { IDENTIFIER_CLASSES } from '../../check/audit/identifiers.ts';
import type { Survival } from '../../check/audit/survival.ts';
import { xmlText } from '../../util/xmlEscape.ts';

/**
 * A bar chart of identifier survival: per class, the share of identifiers in the dropped history that the
 * list after the compaction still holds, one bar group per series (each session, then all of them).
 */
export function renderSurvivalChart(series: readonly { readonly name: string; readonly survival: Survival }[]): string {
  const width = 640;
  const rowHeight = 14;
  const groupGap = 12;
  const labelWidth = 120;
  const barWidth = width - labelWidth - 80;
  const palette = ['#4e79a7', '#f28e2b', '#59a14f', '#e15759', '#76b7b2', '#edc948', '#b07aa1', '#9c755f'];
  const shown = series.slice(0, palette.length);
  const rows: string[] = [];
  let y = 30;
  for (const cls of IDENTIFIER_CLASSES) {
    rows.push(`<text x="4" y="${y + rowHeight - 3}" font-size="12">${xmlText(cls)}</text>`);
    shown.forEach((s, i) => {
      const { kept, dropped } = s.survival[cls];
      const share = dropped === 0 ? 0 : kept / dropped;
      const label = dropped === 0 ? 'none dropped' : `${(100 * share).toFixed(1)}% (${kept}/${dropped})`;
      rows.push(`<rect x="${labelWidth}" y="${y}" width="${Math.max(1, Math.round(share * barWidth))}" height="${rowHeight - 2}" fill="${palette[i] as string}"/>`);
      rows.push(`<text x="${labelWidth + Math.round(share * barWidth) + 4}" y="${y + rowHeight - 3}" font-size="10">${xmlText(label)}</text>`);
      y += rowHeight;
    });
    y += groupGap;
  }
  const legend = shown.map((s, i) => `<rect x="${4 + i * 150}" y="${y}" width="10" height="10" fill="${palette[i] as string}"/><text x="${18 + i * 150}" y="${y + 9}" font-size="10">${xmlText(s.name.length > 24 ? `…${s.name.slice(-23)}` : s.name)}</text>`);
  const height = y + 24;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif">`,
    `<title>Identifier survival through compaction (kept by the summary / in the dropped history)</title>`,
    `<text x="4" y="16" font-size="13" font-weight="bold">Identifiers the summary kept, of those in the dropped history</text>`,
    ...rows,
    ...legend,
    '</svg>',
    '',
  ].join('\n');
}
