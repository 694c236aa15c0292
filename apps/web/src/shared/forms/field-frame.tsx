import type { ReactNode } from 'react';
import { requiredMarker, type RequiredMarkerStyle } from '@faena/domain/forms/messages';
import type { InputField } from '@faena/domain/forms/schema';
import type { LabelMode } from './field-props.ts';
import classes from './forms.module.css';

interface FieldFrameProps {
  field: InputField;
  fieldKey: string;
  domId: string;
  inputId: string;
  labelMode: LabelMode;
  markerStyle: RequiredMarkerStyle;
  texts: { skip: string; requiredSr: string };
  error: string | null;
  skipped: boolean;
  onSkip: (skipped: boolean) => void;
  skipDisabled: boolean;
  children: ReactNode;
}

/**
 * Label, required marker (spec §5: the word "optional" or a red asterisk, by configuration), the
 * "No aplica" checkbox of skippable fields (spec §2, §4), description, and the field's message.
 * A plain function the field's host calls (it keeps no state): a long form has hundreds of frames.
 */
export function fieldFrame(props: FieldFrameProps) {
  const { field, fieldKey, domId, inputId, labelMode, markerStyle, texts, error, skipped, onSkip, skipDisabled, children } = props;
  const marker = requiredMarker(field, markerStyle);
  const labelId = `${domId}-label`;
  const label = (
    <>
      {field.label || field.name}
      {marker?.kind === 'asterisk' && (
        <span className={classes.asterisk} aria-hidden="true">
          *
        </span>
      )}
      {marker?.kind === 'optional-word' && <span className={classes.optional}>{marker.text}</span>}
    </>
  );
  // Plain elements (not library components): a long form has hundreds of frames.
  const skip = field.skippable ? (
    <label className={classes.skip}>
      <input type="checkbox" checked={skipped} disabled={skipDisabled} onChange={(event) => onSkip(event.currentTarget.checked)} data-testid={`skip-${fieldKey}`} />
      <span>{texts.skip}</span>
    </label>
  ) : null;
  const description = field.description ? (
    <p className={classes.description} id={`${domId}-description`}>
      {field.description}
    </p>
  ) : null;
  const message = error ? (
    <div className={classes.message} id={`${domId}-error`} data-testid={`error-${fieldKey}`}>
      {error}
    </div>
  ) : null;
  const common = {
    className: classes.frame,
    id: domId,
    'data-field-key': fieldKey,
    'data-invalid': error ? 'true' : 'false',
    'data-skipped': skipped ? 'true' : 'false',
    'data-testid': `field-${fieldKey}`,
    'data-type': field.type,
  };
  const required = field.required && marker?.kind === 'asterisk' ? <span className={classes.srOnly}>{` (${texts.requiredSr})`}</span> : null;

  if (labelMode === 'group') {
    return (
      <fieldset {...common} aria-invalid={error ? true : undefined}>
        <legend className={classes.header}>
          <span className={classes.label} id={labelId}>
            {label}
            {required}
          </span>
          {skip}
        </legend>
        {description}
        {children}
        {message}
      </fieldset>
    );
  }
  return (
    <div {...common}>
      <div className={classes.header}>
        <label className={classes.label} id={labelId} htmlFor={inputId}>
          {label}
          {required}
        </label>
        {skip}
      </div>
      {description}
      {children}
      {message}
    </div>
  );
}
