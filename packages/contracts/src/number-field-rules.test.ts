import { describe, expect, it } from 'vitest';
import { straddleFieldRules } from './event-study-rules.ts';
import { fieldProblemsOf } from './number-field-refusals.ts';
import { checkNumberFields, numberFieldProblem, parseFieldNumber } from './number-field-rules.ts';
import { studyFieldRules } from './option-study-rules.ts';

describe('number fields of the trading screens', () => {
  it('asks for a cleared field by name, with an example, instead of sending 0', () => {
    expect(numberFieldProblem('', studyFieldRules.vix)).toBe('Enter India VIX, for example 14.5');
    expect(numberFieldProblem('   ', studyFieldRules.rsi)).toBe('Enter RSI, for example 56.1');
  });

  it('says so when letters are typed, instead of dropping them', () => {
    expect(numberFieldProblem('14.5x', studyFieldRules.vix)).toBe(
      'India VIX must be a number, for example 14.5',
    );
    expect(numberFieldProblem('1e3', studyFieldRules.nifty)).toBe(
      'NIFTY must be a number, for example 24500',
    );
  });

  it('gives each range in words', () => {
    expect(numberFieldProblem('101', studyFieldRules.rsi)).toBe('RSI must be between 0 and 100');
    expect(numberFieldProblem('0', studyFieldRules.nifty)).toBe('NIFTY must be above 0 and below 10,00,000');
    expect(numberFieldProblem('-1001', studyFieldRules.oiChange)).toBe(
      'OI change % must be between −1000 and 1000',
    );
    expect(numberFieldProblem('2015.5', straddleFieldRules.startYear)).toBe(
      'From Year must be a whole number',
    );
    expect(numberFieldProblem('120', straddleFieldRules.gap)).toBe('Strike Gap must be a multiple of 50');
  });

  it('reads grouped numbers and a typeset minus', () => {
    expect(parseFieldNumber('26,129.6')).toBe(26129.6);
    expect(parseFieldNumber('1,23,456')).toBe(123456);
    expect(parseFieldNumber('−2')).toBe(-2);
    expect(parseFieldNumber('.5')).toBe(0.5);
    expect(parseFieldNumber('12,3')).toBeUndefined();
  });

  it('gives the values only when every field is usable', () => {
    const texts = { nifty: '24000', rsi: '75', vix: '', oiChange: '0' };
    expect(checkNumberFields(texts, studyFieldRules)).toEqual({
      values: { nifty: 24000, rsi: 75, oiChange: 0 },
      problems: { vix: 'Enter India VIX, for example 14.5' },
    });
    expect(checkNumberFields({ ...texts, vix: '14' }, studyFieldRules).problems).toEqual({});
  });

  it("turns the server's refusals into words, field by field", () => {
    expect(
      fieldProblemsOf(
        {
          rsi: 'rsi must be between 0 and 100.',
          oiChange: 'oiChange must be between -1000 and 1000.',
          event: 'event must be one of rbi, budget.',
        },
        studyFieldRules,
        { event: 'Choose an event from the list.' },
      ),
    ).toEqual({
      problems: {
        rsi: 'RSI must be between 0 and 100',
        oiChange: 'OI change % must be between −1000 and 1000',
      },
      other: ['Choose an event from the list.'],
    });
    expect(
      fieldProblemsOf(
        { startYear: 'startYear must be at least 1900.', endYear: 'endYear must not be before startYear.' },
        straddleFieldRules,
      ).problems,
    ).toEqual({
      startYear: 'From Year must be at least 1900',
      endYear: 'To Year must not be before From Year',
    });
    // A message that names no field is replaced by the field's range.
    expect(fieldProblemsOf({ vix: 'Invalid input' }, studyFieldRules).problems).toEqual({
      vix: 'India VIX must be between 0 and 200',
    });
  });
});
