import { formatCents, formatMoney } from '@glass/domain/rules/money-format';
import type { MoneyValue } from '@glass/domain/rules/invoice-money';

/**
 * An amount on screen through the domain's one formatter ($1,234.56), right-aligned digits of equal
 * width so columns of money line up. `cents` for computed integer cents, `value` for an API amount.
 */
export function Money({ value, cents, empty = '' }: { value?: MoneyValue; cents?: number; empty?: string }) {
  const text = cents !== undefined ? formatCents(cents) : formatMoney(value);
  return <span className="gs-money">{text || empty}</span>;
}

export { formatCents, formatMoney };
