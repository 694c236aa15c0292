import { describe, expect, it } from 'vitest';
import { uploadIdsIn } from './holdings.ts';

const A = 'AbCdEfGhIjKlMnOpQrStUv-_';
const B = '0123456789abcdefghijklmn';

describe('uploadIdsIn', () => {
  it('finds bare ids and download links at any depth, once each', () => {
    const value = {
      foto: [A, `/api/document-manager/v3/upload/${B}/download`],
      nested: { list: [{ file: `https://faena.test/api/document-manager/v3/upload/${A}/download?disposition=attachment` }] },
      body: `<p>hola</p><img src="/api/document-manager/v3/upload/${B}/download">`,
    };
    expect([...uploadIdsIn(value)].sort()).toEqual([B, A].sort());
  });

  it('takes nothing else for a file: other lengths, uuids, numbers, text', () => {
    expect([...uploadIdsIn(['0190aaaa-0000-7000-8000-00000000dead', 'short', `${A}x`, 42, null, true, 'una frase con palabras largas de veinticuatro'])]).toEqual([]);
  });
});
