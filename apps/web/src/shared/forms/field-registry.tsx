import { lazy } from 'react';
import type { FieldType } from '@faena/domain/forms/field-types';
import { fieldEntry as entry, type FieldEntry } from './field-props.ts';
import { BooleanField } from './fields/boolean-field.tsx';
import { CheckboxesField, MultipleChoiceField } from './fields/choice-fields.tsx';
import { EntityPickerField } from './fields/entity-picker-field.tsx';
import { GpsField } from './fields/gps-field.tsx';
import { NumberField, NumRangeField } from './fields/number-fields.tsx';
import { EmotionField, ReactionsField, StarsField } from './fields/rating-fields.tsx';
import { ScaleField } from './fields/scale-field.tsx';
import { SubformField } from './fields/subform-field.tsx';
import { CodeField, TextField } from './fields/text-fields.tsx';
import { VoiceMessageField } from './fields/voice-message-field.tsx';

// The heavy editors are chunks of their own, loaded when a form has such a field.
const dates = () => import('./fields/date-fields.tsx');
const DateField = lazy(() => dates().then((module) => ({ default: module.DateField })));
const DateTimeField = lazy(() => dates().then((module) => ({ default: module.DateTimeField })));
const TimeField = lazy(() => dates().then((module) => ({ default: module.TimeField })));
const DateRangeField = lazy(() => dates().then((module) => ({ default: module.DateRangeField })));
const RichTextField = lazy(() => import('./fields/rich-text-field.tsx').then((module) => ({ default: module.RichTextField })));
const files = () => import('./fields/file-fields.tsx');
const FilesField = lazy(() => files().then((module) => ({ default: module.FilesField })));
const PhotoInputField = lazy(() => files().then((module) => ({ default: module.PhotoInputField })));

/**
 * One component per field type of spec §3 (display_text is rendered by the host: it is not an
 * input). "input" fields are named by a <label for>; "group" fields by a <fieldset><legend>.
 */
export const FIELD_REGISTRY: Readonly<Record<Exclude<FieldType, 'display_text'>, FieldEntry>> = {
  text: entry(TextField, 'input'),
  code: entry(CodeField, 'input'),
  rich_text: entry(RichTextField, 'group', true),
  multiple_choice: entry(MultipleChoiceField, 'group'),
  checkboxes: entry(CheckboxesField, 'group'),
  boolean: entry(BooleanField, 'group'),
  date: entry(DateField, 'input', true),
  datetime: entry(DateTimeField, 'input', true),
  time: entry(TimeField, 'input', true),
  date_range: entry(DateRangeField, 'input', true),
  integer: entry(NumberField, 'input'),
  float: entry(NumberField, 'input'),
  decimal: entry(NumberField, 'input'),
  num_range: entry(NumRangeField, 'group'),
  value_in_num_range: entry(ScaleField, 'group'),
  stars: entry(StarsField, 'group'),
  emotion: entry(EmotionField, 'group'),
  reactions: entry(ReactionsField, 'group'),
  gps: entry(GpsField, 'group'),
  venue: entry(EntityPickerField, 'input'),
  venues: entry(EntityPickerField, 'input'),
  user: entry(EntityPickerField, 'input'),
  users: entry(EntityPickerField, 'input'),
  location: entry(EntityPickerField, 'input'),
  locations: entry(EntityPickerField, 'input'),
  data_source: entry(EntityPickerField, 'input'),
  assets: entry(EntityPickerField, 'group'),
  image: entry(PhotoInputField, 'group', true),
  images: entry(PhotoInputField, 'group', true),
  files: entry(FilesField, 'group', true),
  voice_message: entry(VoiceMessageField, 'group'),
  form: entry(SubformField, 'group'),
};
