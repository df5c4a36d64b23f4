import { Form } from 'antd';
import type { ReactNode } from 'react';
import './ui.css';

/**
 * A screen's filters: antd's inline form (labels beside their controls) that wraps onto more lines as
 * the screen narrows; under 900 px every filter takes the full width. Submitting (Enter in a text
 * filter) calls onSubmit.
 */
export function FilterBar({
  label = 'Filters',
  onSubmit,
  children,
}: {
  label?: string;
  onSubmit?: () => void;
  children: ReactNode;
}) {
  return (
    <Form layout="inline" className="gs-filter-bar" aria-label={label} onFinish={onSubmit} component="form">
      {children}
    </Form>
  );
}

/** One labelled filter of a FilterBar (the label names the control for screen readers too). */
export function Filter({
  label,
  htmlFor,
  children,
}: {
  label: ReactNode;
  htmlFor?: string;
  children: ReactNode;
}) {
  return (
    <Form.Item label={label} htmlFor={htmlFor} colon={false}>
      {children}
    </Form.Item>
  );
}
