export * from './constants.ts';
export * from './graph.ts';
export * from './validate-model.ts';
export * from './build-xml.ts';
