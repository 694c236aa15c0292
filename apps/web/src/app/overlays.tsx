import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { markOverlaysReady } from '../shared/ui/overlay-gate.ts';

/**
 * The containers of modals and toasts, loaded after first paint. Both are driven by module-level
 * stores (`modals.open`, `notifications.show`), so nothing needs to sit inside them, and whatever
 * is opened before they mount shows as soon as they do.
 */
export function Overlays() {
  // Effects run child-first: by now ModalsProvider listens for open events.
  useEffect(() => markOverlaysReady(), []);
  return (
    <>
      <ModalsProvider />
      <Notifications position="top-center" zIndex={1000} limit={4} className="faena-toasts" />
    </>
  );
}
