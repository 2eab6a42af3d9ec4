import { InvalidArgumentError } from "commander";

/** A commander option parser for a whole number of at least `min`; the error names the option. */
export const intOption = (name: string, min: number) => (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new InvalidArgumentError(`${name} must be an integer ≥ ${min}`);
  return n;
};
