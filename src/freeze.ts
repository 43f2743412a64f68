/**
 * Deep freezing for values that are shared between requests (validated query strings, parsed
 * bodies, compiled search bodies): a frozen value can be kept and recognised by identity, as no
 * one can change it after.
 */

/** Freezes `value` and everything in it; a frozen object is taken as frozen all the way down. */
export function deepFreeze<V>(value: V): V {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}
