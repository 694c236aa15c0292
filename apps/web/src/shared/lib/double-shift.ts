/** Spec §2: pressing Shift twice within 500 ms toggles the debug view. */
export const DOUBLE_SHIFT_MS = 500;

export function createDoubleShiftDetector(onDoubleShift: () => void, windowMs = DOUBLE_SHIFT_MS) {
  let last: number | null = null;
  return (event: Pick<KeyboardEvent, 'key' | 'repeat' | 'timeStamp' | 'ctrlKey' | 'altKey' | 'metaKey'>): void => {
    if (event.key !== 'Shift' || event.repeat || event.ctrlKey || event.altKey || event.metaKey) {
      if (event.key !== 'Shift') last = null;
      return;
    }
    if (last !== null && event.timeStamp - last <= windowMs) {
      last = null;
      onDoubleShift();
      return;
    }
    last = event.timeStamp;
  };
}
