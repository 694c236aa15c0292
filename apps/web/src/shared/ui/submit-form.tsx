import type { ComponentPropsWithoutRef } from 'react';

/**
 * A form whose checks are the app's own (the browser's bubbles are off: `noValidate`) and whose
 * submit never reloads the page: `onSubmit` is called instead.
 */
export function SubmitForm({ onSubmit, children, ...rest }: Omit<ComponentPropsWithoutRef<'form'>, 'onSubmit' | 'noValidate'> & { onSubmit: () => void }) {
  return (
    <form
      {...rest}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
