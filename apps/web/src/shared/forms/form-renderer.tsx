import { Alert, Button, Group, List } from '@mantine/core';
import { useCallback, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FeatureFlags } from '@faena/domain/feature-flags';
import { FORM_MESSAGES, type RequiredMarkerStyle } from '@faena/domain/forms/messages';
import type { FormField, InputField } from '@faena/domain/forms/schema';
import { fieldErrorMap, fromAssertionErrors } from '@faena/domain/forms/server-errors';
import { validateFieldValue, validateResponse } from '@faena/domain/forms/validate';
import { resolveValidatorFlags } from '@faena/domain/forms/validator-flags';
import { fieldVisibility } from '@faena/domain/forms/definition';
import { ownValue } from '@faena/domain/forms/show-if';
import { isInputField, isSkipped } from '@faena/domain/forms/values';
import { isHttpError } from '../api/http-error.ts';
import { useOptionalTenant } from '../tenant/tenant-context.tsx';
import { toast } from '../ui/toasts.ts';
import { FieldList } from './field-host.tsx';
import { IconSprite, spriteIconsOf } from './fields/icon-sprite.tsx';
import { FormStore, useFormSelector, type FormState, type Values } from './form-store.ts';
import { RendererContext, rememberingT, type RendererContextValue } from './renderer-context.ts';
import { convertResponse, fieldKeysInOrder, forgetRichTextBlobs, scrollToField, uploadRichTextImage, uploadRichTextImages, userTimeZone, type UploadFile } from './submission.ts';
import classes from './forms.module.css';

export interface FormRendererProps {
  fields: readonly FormField[];
  /** A store made by the caller (the builder's preview reads its values); one is made otherwise. */
  store?: FormStore;
  initialValues?: Values;
  /**
   * Sends the converted response. A rejection with a 400 of assertion errors is mapped onto the
   * fields (spec §5); any other rejection goes to `onError`, or to a toast.
   */
  onSubmit?: (response: Record<string, unknown>) => Promise<unknown>;
  onError?: (error: unknown) => void;
  /** Uploads rich-text images before sending; answers the download link (default: the document manager). */
  uploadFile?: UploadFile;
  submitLabel?: ReactNode;
  /** Spec §5: the word "optional" on optional fields, or a red asterisk on required ones. */
  markerStyle?: RequiredMarkerStyle;
  readOnly?: boolean;
  /** The builder's preview: no submit button. */
  isPreview?: boolean;
  /** Clears the answers after a successful submit. */
  resetOnSuccess?: boolean;
  flags?: Partial<FeatureFlags>;
  /** Extra actions next to the submit button. */
  actions?: ReactNode;
  'aria-label'?: string;
  /** Drawn under each shown top-level input field (keep it stable: a new function re-renders every field). */
  fieldExtras?: (field: InputField) => ReactNode;
}

const ROOT_SCOPE: readonly string[] = Object.freeze([]);

function selectSummary(state: FormState) {
  return state.summary;
}

/**
 * Renders a form definition (spec §2 "Form screens"): its fields, a submit action and the error
 * display. Validation is the domain engine's — the same rules and messages the server applies.
 */
export function FormRenderer(props: FormRendererProps) {
  const { t, i18n } = useTranslation();
  const tenant = useOptionalTenant();
  const { fields, onSubmit, onError, uploadFile = uploadRichTextImage, markerStyle = 'asterisk', readOnly = false, isPreview = false, resetOnSuccess = false } = props;
  const [ownStore] = useState(() => new FormStore(props.initialValues ?? {}));
  const store = props.store ?? ownStore;
  const uid = `f${useId().replace(/[^\w-]/g, '')}`;
  const rootRef = useRef<HTMLFormElement>(null);
  const flags = useMemo(() => props.flags ?? tenant?.featureFlags ?? {}, [props.flags, tenant]);
  const validatorFlags = useMemo(() => resolveValidatorFlags(flags), [flags]);
  const [unplaced, setUnplaced] = useState<string[]>([]);

  /** Deferred validation: a field's message is recomputed when the user leaves it. */
  const validateField = useCallback(
    (scope: readonly string[], name: string) => {
      const scopeFields = fieldsAt(fields, scope);
      const field = scopeFields?.find((candidate) => isInputField(candidate) && candidate.name === name);
      if (!field || !isInputField(field)) return;
      const values = store.valuesAt(scope);
      const key = [...scope, name].join('.');
      const state = store.getState();
      if (!state.showErrors) return;
      const hidden = fieldVisibility(scopeFields!, values).get(field) === false;
      const message = hidden || isSkipped(field, values) ? null : validateFieldValue(field, ownValue(values, name), { flags });
      store.setFieldError(key, message);
    },
    [fields, store, flags],
  );

  const fieldT = useMemo(() => rememberingT(t), [t]);
  const skipText = t('forms.skip');
  const requiredSrText = t('forms.requiredSr');
  const { fieldExtras } = props;
  const context = useMemo<RendererContextValue>(
    () => ({
      store,
      flags,
      validatorFlags,
      markerStyle,
      uid,
      readOnly,
      validateField,
      isPreview,
      texts: { skip: skipText, requiredSr: requiredSrText },
      t: fieldT,
      language: i18n.language,
      fieldExtras,
    }),
    [store, flags, validatorFlags, markerStyle, uid, readOnly, validateField, isPreview, skipText, requiredSrText, fieldT, i18n.language, fieldExtras],
  );

  const order = useMemo(() => fieldKeysInOrder(fields), [fields]);
  const spriteIcons = useMemo(() => spriteIconsOf(fields), [fields]);

  const showErrors = (errors: Map<string, string>, first: string | undefined) => {
    const known = new Set(order);
    // A message for a field this version of the form does not show (the form changed meanwhile).
    setUnplaced([...errors].filter(([key]) => !known.has(key)).map(([key, message]) => `${key}: ${message}`));
    store.setErrors(errors, FORM_MESSAGES.formHasErrors);
    const target = first && known.has(first) ? first : order.find((key) => errors.has(key));
    if (target) requestAnimationFrame(() => scrollToField(rootRef.current, target));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (readOnly || isPreview || !onSubmit || store.getState().submitting) return;
    if (store.getState().busy.size > 0) {
      toast.info(t('forms.busyUploads'));
      return;
    }
    const values = store.getState().values;
    const errors = validateResponse(fields, values, { flags });
    if (errors.length > 0) {
      // Spec §5: every field is validated; nothing is sent while any is invalid.
      showErrors(fieldErrorMap(errors), undefined);
      return;
    }
    setUnplaced([]);
    store.setErrors(new Map(), null);
    store.setSubmitting(true);
    try {
      const richTextImages = await uploadRichTextImages(fields, values, uploadFile);
      const response = convertResponse(fields, values, { timeZone: userTimeZone(), richTextImages });
      await onSubmit(response);
      forgetRichTextBlobs(richTextImages);
      store.setSubmitting(false);
      if (resetOnSuccess) store.reset(props.initialValues ?? {});
    } catch (error) {
      store.setSubmitting(false);
      const mapped = isHttpError(error) && error.status === 400 ? fromAssertionErrors(error.body, order) : undefined;
      if (mapped) {
        showErrors(mapped.fields, mapped.first);
        return;
      }
      if (onError) onError(error);
      else toast.error(t('forms.submitFailed'));
    }
  };

  return (
    <RendererContext.Provider value={context}>
      <form ref={rootRef} className={classes.form} onSubmit={(event) => void submit(event)} noValidate aria-label={props['aria-label']} data-testid="form-renderer">
        {spriteIcons.length > 0 && <IconSprite uid={uid} icons={spriteIcons} />}
        <FieldList fields={fields} scope={ROOT_SCOPE} />
        {/* The message sits beside the button: when it goes (the last error fixed, on blur) the
            button does not move under the pointer that is about to click it. */}
        <div className={classes.footer}>
          <FormSummary store={store} unplaced={unplaced} />
          {!isPreview && (onSubmit || props.actions) && (
            <Group justify="flex-end" gap="sm" className={classes.actions}>
              {props.actions}
              {onSubmit && !readOnly && <SubmitButton store={store} label={props.submitLabel ?? t('forms.submit')} />}
            </Group>
          )}
        </div>
      </form>
    </RendererContext.Provider>
  );
}

function FormSummary({ store, unplaced }: { store: FormStore; unplaced: string[] }) {
  const summary = useFormSelector(store, selectSummary);
  if (!summary) return null;
  return (
    <Alert color="red" variant="light" role="alert" className={classes.summary} p="xs" data-testid="form-errors">
      {summary}
      {unplaced.length > 0 && (
        <List size="sm" mt="xs">
          {unplaced.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}

const selectSubmitting = (state: FormState) => state.submitting;

function SubmitButton({ store, label }: { store: FormStore; label: ReactNode }) {
  const submitting = useFormSelector(store, selectSubmitting);
  return (
    <Button type="submit" loading={submitting} data-testid="form-submit">
      {label}
    </Button>
  );
}

/** The field list of the (sub-)form at `scope`. */
function fieldsAt(fields: readonly FormField[], scope: readonly string[]): readonly FormField[] | undefined {
  let current: readonly FormField[] | undefined = fields;
  for (const name of scope) {
    const parent: FormField | undefined = current?.find((field) => isInputField(field) && field.name === name);
    current = parent && parent.type === 'form' ? parent.fields : undefined;
  }
  return current;
}
