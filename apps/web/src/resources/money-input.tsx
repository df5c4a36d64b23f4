import { InputNumber, type InputNumberProps } from 'antd';

/** A dollar amount: 0 to 1,000,000 by default, two decimals, "$" prefix, full width; Form.Item fills value. */
export function MoneyInput({ label, ...props }: InputNumberProps<number> & { label?: string }) {
  return (
    <InputNumber<number>
      aria-label={label}
      min={0}
      max={1_000_000}
      precision={2}
      prefix="$"
      style={{ width: '100%' }}
      {...props}
    />
  );
}
