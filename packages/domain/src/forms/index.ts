/**
 * The forms engine (spec forms §3–§5, §8, §9; issue 5 points 1, 2 and the pure part of 4):
 * one pure module used by the web renderer and builder and by the server.
 */
export * from './field-types.ts';
export * from './messages.ts';
export * from './format.ts';
export * from './constants.ts';
export * from './validator-flags.ts';
export * from './validators-schema.ts';
export * from './schema.ts';
export * from './definition.ts';
export * from './show-if.ts';
export * from './values.ts';
export * from './dates.ts';
export * from './numbers.ts';
export * from './files.ts';
export * from './rut.ts';
export * from './video.ts';
export * from './validate.ts';
export * from './references.ts';
export * from './convert.ts';
export * from './server-errors.ts';
export * from './display.ts';
export * from './wire.ts';
