import { describe, expect, it } from 'vitest';
import { LABEL_STOCKS, labelDocument, renderLabels, type LabelAsset } from './assets.labels.ts';

const read = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};
const pages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
const asset = (i: number): LabelAsset => ({ code: `REF-${String(i).padStart(3, '0')}`, name: `Refrigerador ${i}`, payload: `https://demo.faena.test/public/assets/${'x'.repeat(21)}${i % 10}` });

describe('label sheets', () => {
  it('renders each kind of code as a PDF', async () => {
    for (const kind of ['qr', 'barcode', 'datamatrix'] as const) {
      const pdf = await read(await renderLabels(kind, '50x25', [asset(1), asset(2)]));
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pages(pdf)).toBe(2);
    }
  });

  it('fills a sheet row by row and starts a new page when it is full', () => {
    const stock = LABEL_STOCKS['avery-5160'];
    const doc = labelDocument(
      'qr',
      'avery-5160',
      Array.from({ length: 31 }, (_, i) => ({ asset: asset(i), image: 'data:image/png;base64,' })),
    );
    const breaks = doc.content.filter((c) => typeof c === 'object' && !Array.isArray(c) && c.pageBreak === 'before');
    expect(breaks).toHaveLength(1);
    const labels = doc.content.filter((c) => typeof c === 'object' && !Array.isArray(c) && c.absolutePosition);
    expect(labels).toHaveLength(31);
    const second = labels[1] as { absolutePosition: { x: number; y: number } };
    const fourth = labels[3] as { absolutePosition: { x: number; y: number } };
    expect(second.absolutePosition.x - (labels[0] as { absolutePosition: { x: number } }).absolutePosition.x).toBeCloseTo(stock.pitch.x);
    expect(fourth.absolutePosition.y - (labels[0] as { absolutePosition: { y: number } }).absolutePosition.y).toBeCloseTo(stock.pitch.y);
    // every label of a full Letter sheet fits on the page
    const last = labels[29] as { absolutePosition: { x: number; y: number } };
    expect(last.absolutePosition.y + stock.label.height).toBeLessThanOrEqual(stock.page.height);
    expect(last.absolutePosition.x + stock.label.width).toBeLessThanOrEqual(stock.page.width);
  });
});
