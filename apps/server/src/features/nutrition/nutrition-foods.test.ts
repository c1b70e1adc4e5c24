import { describe, expect, it } from 'vitest';
import { loadIfctFoods, readCsvColumns } from './nutrition-foods.ts';

describe('readCsvColumns', () => {
  it('reads the wanted columns by the key of their "<Title>; <key>" header, quoted or not', () => {
    const text = [
      '"Food Code; code","Food Name; name","Scientific Name; scie","Local Name; lang","Energy; enerc"',
      'A001,"Amaranth seed, black","Amaranthus ""cruentus""","A. Kalo; H. Chaulai",1490',
      'A002,"Two\nlines",,"",',
    ].join('\r\n');
    expect(readCsvColumns(text, ['code', 'name', 'lang', 'enerc', 'missing'])).toEqual([
      { code: 'A001', name: 'Amaranth seed, black', lang: 'A. Kalo; H. Chaulai', enerc: '1490', missing: '' },
      { code: 'A002', name: 'Two\nlines', lang: '', enerc: '', missing: '' },
    ]);
  });

  it('reads the 542 foods of IFCT 2017 with their figures', async () => {
    const foods = await loadIfctFoods();
    expect(foods.size).toBe(542);
    const ghee = [...foods.values()].find((food) => food.name.toLowerCase().startsWith('ghee'));
    expect(ghee?.per100g.fatG).toBeGreaterThan(99);
    expect(Math.round(ghee?.per100g.energyKcal ?? 0)).toBe(884);
  });
});
