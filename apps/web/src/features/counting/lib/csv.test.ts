import { describe, expect, it } from 'vitest';
import { csvCell, trafficCsv } from './csv';

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
