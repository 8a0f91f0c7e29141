import type { Locator } from '@playwright/test';

/**
 * The text of each cell of each row of a table, and the gap in px between neighbouring texts of a row: columns
 * that run together on a phone ("$6,534.30$6,534.30") show as a gap below a few pixels.
 */
export async function textGaps(table: Locator) {
  return table.evaluate((element) => {
    const out: { a: string; b: string; gap: number }[] = [];
    for (const row of Array.from((element as HTMLTableElement).rows)) {
      const texts = Array.from(row.cells)
        .map((cell) => {
          const range = document.createRange();
          range.selectNodeContents(cell);
          const box = range.getBoundingClientRect();
          return { text: (cell.textContent ?? '').trim(), left: box.left, right: box.right };
        })
        .filter((t) => t.text);
      for (let i = 1; i < texts.length; i += 1) out.push({ a: texts[i - 1]!.text, b: texts[i]!.text, gap: texts[i]!.left - texts[i - 1]!.right });
    }
    return out;
  });
}
