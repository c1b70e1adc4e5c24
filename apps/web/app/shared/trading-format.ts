import { minusSign } from '@hurryup/contracts/number-field-rules';

/*
 * One way to write money and signed figures on every trading screen: the sign before the rupee symbol, as
 * a typeset minus (U+2212): "−₹11,353.70", never "₹-11,353.70".
 */

const formats = new Map<string, Intl.NumberFormat>();

/**
 * A number grouped the Indian way ("1,23,456.70") with these decimals, from one formatter per setting:
 * `toLocaleString` with options builds a formatter on every call, some 30 times the cost of formatting,
 * which the stock table paid 150 times as it hydrated.
 */
export function formatIndian(value: number, minimumDigits: number, maximumDigits = minimumDigits): string {
  const key = `${minimumDigits} ${maximumDigits}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-IN', {
      minimumFractionDigits: minimumDigits,
      maximumFractionDigits: maximumDigits,
    });
    formats.set(key, format);
  }
  return format.format(value);
}

/** Rupees with paise, grouped the Indian way: "₹1,23,456.70", "−₹11,353.70". */
export function formatRupees(value: number): string {
  const text = `₹${formatIndian(Math.abs(value), 2)}`;
  return value < 0 && text !== '₹0.00' ? `${minusSign}${text}` : text;
}

/** Rupees with a sign either way, for profits and losses: "+₹903.03", "−₹707.72". */
export function formatSignedRupees(value: number): string {
  const text = formatRupees(value);
  return value > 0 && text !== '₹0.00' ? `+${text}` : text;
}

/** A percent with `digits` decimals and a typeset minus: "−19.60%". */
export function formatPercent(value: number, digits = 2): string {
  const text = `${Math.abs(value).toFixed(digits)}%`;
  return value < 0 && Number(text.slice(0, -1)) !== 0 ? `${minusSign}${text}` : text;
}

/** A signed number of points, grouped the Indian way: "+1,234.50", "−103.00". */
export function formatSignedNumber(value: number, digits = 2): string {
  const text = formatIndian(Math.abs(value), digits);
  if (Number(text.replace(/,/g, '')) === 0) return text;
  return `${value < 0 ? minusSign : '+'}${text}`;
}
