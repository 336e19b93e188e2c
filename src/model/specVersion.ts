/** The version of spec/SPEC.md this model implements; written into every counterexample and report. */
export const SPEC_VERSION = '1.2.0';
