import type { ReactNode, Ref } from 'react';
import './ui.css';

/** A labelled scrolling region the keyboard can reach (Tab, then the arrow keys), as virtual lists need. */
export function ScrollBox({
  ref,
  className,
  label,
  children,
}: {
  ref?: Ref<HTMLElement>;
  className: string;
  label: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be reachable by keyboard
    <section ref={ref} className={`scroll-box ${className}`} tabIndex={0} aria-label={label}>
      {children}
    </section>
  );
}
