import { Button, Group, Paper, Text } from '@mantine/core';
import { IconEraser } from '@tabler/icons-react';
import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';

export interface SignaturePadHandle {
  /** The drawing as a PNG, or null when nothing was drawn. */
  toBlob: () => Promise<Blob | null>;
  isEmpty: () => boolean;
  clear: () => void;
}

/**
 * A finger or mouse signature on a canvas (no signature field exists in the forms engine): the
 * strokes are drawn at the device's pixel ratio and exported as a PNG at submit.
 */
export const SignaturePad = forwardRef<SignaturePadHandle, { label: string; error?: string | null | undefined; onChange?: (hasInk: boolean) => void; testId: string }>(function SignaturePad(
  { label, error, onChange, testId },
  ref,
) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [hasInk, setHasInk] = useState(false);

  const setUp = useCallback(() => {
    const element = canvas.current;
    if (!element) return;
    const ratio = window.devicePixelRatio || 1;
    const { width, height } = element.getBoundingClientRect();
    element.width = Math.max(1, Math.round(width * ratio));
    element.height = Math.max(1, Math.round(height * ratio));
    const context = element.getContext('2d');
    if (!context) return;
    context.scale(ratio, ratio);
    context.lineWidth = 2.5;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.strokeStyle = '#1a1b1e';
  }, []);

  useEffect(() => setUp(), [setUp]);

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };
  const down = (event: PointerEvent<HTMLCanvasElement>) => {
    const context = event.currentTarget.getContext('2d');
    if (!context) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drawing.current = true;
    const { x, y } = point(event);
    context.beginPath();
    context.moveTo(x, y);
    context.lineTo(x + 0.1, y + 0.1);
    context.stroke();
  };
  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const context = event.currentTarget.getContext('2d');
    if (!context) return;
    const { x, y } = point(event);
    context.lineTo(x, y);
    context.stroke();
  };
  const up = () => {
    if (!drawing.current) return;
    drawing.current = false;
    if (!hasInk) {
      setHasInk(true);
      onChange?.(true);
    }
  };
  const clear = useCallback(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (element && context) {
      context.save();
      context.setTransform(1, 0, 0, 1, 0, 0);
      context.clearRect(0, 0, element.width, element.height);
      context.restore();
    }
    setHasInk(false);
    onChange?.(false);
  }, [onChange]);

  useImperativeHandle(
    ref,
    () => ({
      isEmpty: () => !hasInk,
      clear,
      toBlob: () =>
        new Promise<Blob | null>((resolve) => {
          if (!hasInk || !canvas.current) return resolve(null);
          canvas.current.toBlob((blob) => resolve(blob), 'image/png');
        }),
    }),
    [hasInk, clear],
  );

  return (
    <div>
      <Group justify="space-between" mb={4}>
        <Text fw={600} size="sm">
          {label}
        </Text>
        <Button variant="subtle" size="compact-sm" leftSection={<IconEraser size={16} />} onClick={clear} disabled={!hasInk}>
          {t('checklists.sign.clear')}
        </Button>
      </Group>
      <Paper withBorder radius="md" style={{ borderColor: error ? 'var(--mantine-color-red-7)' : undefined, overflow: 'hidden', background: 'white' }}>
        <canvas
          ref={canvas}
          role="img"
          aria-label={label}
          data-testid={testId}
          style={{ width: '100%', height: 180, display: 'block', touchAction: 'none', cursor: 'crosshair' }}
          onPointerDown={down}
          onPointerMove={move}
          onPointerUp={up}
          onPointerLeave={up}
          onPointerCancel={up}
        />
      </Paper>
      <Text size="xs" c={error ? 'red.8' : 'dimmed'} mt={4} role={error ? 'alert' : undefined}>
        {error ?? t('checklists.sign.hint')}
      </Text>
    </div>
  );
});
