import { afterEach, describe, expect, it, vi } from 'vitest';
import { csvCell, saveCsv, trafficCsv } from './csv';

describe('traffic CSV', () => {
  it('keeps numbers and plain days as they are', () => {
    expect(trafficCsv([{ day: '2026-11-20', entries: 12, passby: 30, walkInRate: 28.6, exits: 11 }])).toBe(
      'Day,Entries,Passby,Walk-in Rate (%),Exits\r\n2026-11-20,12,30,28.6,11\r\n',
    );
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('+1')).toBe('"\'+1"');
    expect(csvCell('@SUM(A1)')).toBe('"\'@SUM(A1)"');
    expect(csvCell(-3)).toBe('-3');
  });
});

describe('saveCsv', () => {
  afterEach(() => vi.restoreAllMocks());

  it('saves the file with a UTF-8 byte order mark first, so Excel reads "Łódź" as UTF-8', async () => {
    let saved: Blob | undefined;
    // jsdom has no object URLs: the Blob handed over is what the browser would save.
    URL.createObjectURL = (blob: Blob) => {
      saved = blob;
      return 'blob:csv';
    };
    URL.revokeObjectURL = () => {};
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    saveCsv('Day\r\nŁódź\r\n', 'traffic.csv');
    const bytes = new Uint8Array(await saved!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe('Day\r\nŁódź\r\n');
  });
});
