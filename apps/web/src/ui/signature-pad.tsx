import { Button, Input, Space } from 'antd';
import { type Ref, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';

export interface SignaturePadHandle {
  /** The signature as a PNG (white background), or null when nothing is drawn or typed. */
  toPng(): Promise<Blob | null>;
  /** The name typed instead of (or beside) drawing, trimmed ('' when none). */
  typedName(): string;
  clear(): void;
}

type Point = { x: number; y: number; width: number };

// The signature PNG is a document, not a screen: dark ink on white paper whatever the theme.
const INK = '#1a1a1a';
const PAPER = '#ffffff';
const widthOf = (event: PointerEvent | React.PointerEvent) =>
  // A pen reports pressure; mouse and touch report 0.5 (or 0) while pressed, so they get a steady line.
  event.pointerType === 'pen' && event.pressure > 0 ? 1 + event.pressure * 3 : 2.5;

/**
 * A signature canvas: mouse, pen and touch through pointer events, sharp on high-density screens
 * (the bitmap is devicePixelRatio times the CSS size). Strokes are kept in CSS pixels so a resize
 * redraws them. Keyboard users type the signer's name instead; it is drawn in a script face.
 */
export function SignaturePad({
  ref,
  onChange,
  height = 180,
}: {
  ref?: Ref<SignaturePadHandle>;
  onChange?: (empty: boolean) => void;
  height?: number;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const strokes = useRef<Point[][]>([]);
  const drawing = useRef<Point[] | null>(null);
  const [typed, setTyped] = useState('');

  const render = useCallback(() => {
    const el = canvas.current;
    const ctx = el?.getContext('2d');
    if (!el || !ctx) return;
    const ratio = window.devicePixelRatio || 1;
    const width = el.clientWidth;
    if (el.width !== Math.round(width * ratio) || el.height !== Math.round(height * ratio)) {
      el.width = Math.round(width * ratio);
      el.height = Math.round(height * ratio);
    }
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.fillStyle = PAPER;
    ctx.fillRect(0, 0, width, height);
    ctx.strokeStyle = INK;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    for (const stroke of strokes.current) {
      for (let i = 0; i < stroke.length; i++) {
        const from = stroke[Math.max(0, i - 1)];
        ctx.beginPath();
        ctx.lineWidth = stroke[i].width;
        ctx.moveTo(from.x, from.y);
        ctx.lineTo(stroke[i].x + (i === 0 ? 0.01 : 0), stroke[i].y);
        ctx.stroke();
      }
    }
    if (typed.trim()) {
      ctx.fillStyle = INK;
      ctx.font = `italic ${Math.round(height / 4)}px "Brush Script MT", "Segoe Script", cursive`;
      ctx.textBaseline = 'middle';
      ctx.fillText(typed.trim(), 16, height / 2, width - 32);
    }
  }, [height, typed]);

  useEffect(() => {
    render();
    const el = canvas.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => render());
    observer.observe(el);
    return () => observer.disconnect();
  }, [render]);

  const isEmpty = () => strokes.current.length === 0 && !typed.trim();
  const clear = () => {
    strokes.current = [];
    setTyped('');
    render();
    onChange?.(true);
  };
  useImperativeHandle(ref, () => ({
    clear,
    typedName: () => typed.trim(),
    toPng: () =>
      new Promise<Blob | null>((resolve) => {
        if (isEmpty() || !canvas.current) return resolve(null);
        render();
        canvas.current.toBlob(resolve, 'image/png');
      }),
  }));

  const pointAt = (event: React.PointerEvent<HTMLCanvasElement>): Point => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top, width: widthOf(event) };
  };
  const end = () => {
    if (!drawing.current) return;
    drawing.current = null;
    onChange?.(isEmpty());
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <canvas
        ref={canvas}
        role="img"
        aria-label="Signature area: sign with a mouse, pen or finger"
        data-testid="signature-canvas"
        style={{
          width: '100%',
          height,
          display: 'block',
          touchAction: 'none',
          border: '1px solid var(--gs-color-icon)',
          borderRadius: 4,
          cursor: 'crosshair',
        }}
        onPointerDown={(event) => {
          if (event.button !== 0) return;
          event.currentTarget.setPointerCapture(event.pointerId);
          drawing.current = [pointAt(event)];
          strokes.current.push(drawing.current);
          render();
        }}
        onPointerMove={(event) => {
          if (!drawing.current) return;
          drawing.current.push(pointAt(event));
          render();
        }}
        onPointerUp={end}
        onPointerCancel={end}
      />
      <Input
        aria-label="Or type the signer's name"
        placeholder="Or type the signer's name"
        value={typed}
        maxLength={60}
        onChange={(event) => {
          setTyped(event.target.value);
          onChange?.(strokes.current.length === 0 && !event.target.value.trim());
        }}
      />
      <Button onClick={clear}>Clear</Button>
    </Space>
  );
}
