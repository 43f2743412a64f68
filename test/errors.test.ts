import { describe, expect, it } from 'vitest';
import { AppError, ERROR_CATALOGUE, pointerToken, validationError } from '../src/errors.ts';

describe('error catalogue', () => {
  it('gives every code an error status and a text in each language', () => {
    for (const [code, spec] of Object.entries(ERROR_CATALOGUE)) {
      expect(spec.statusCode, code).toBeGreaterThanOrEqual(400);
      expect(spec.statusCode, code).toBeLessThan(600);
      for (const language of ['fi', 'sv', 'en'] as const) expect(spec.localized[language], `${code} ${language}`).not.toBe('');
    }
    expect(ERROR_CATALOGUE.VALIDATION_EXCEPTION.statusCode).toBe(422);
  });

  it('serialises as the error object, details only when there are some', () => {
    expect(new AppError('TAXON_NOT_FOUND', 'gone').toJSON()).toEqual({
      errorCode: 'TAXON_NOT_FOUND', message: 'gone', localized: ERROR_CATALOGUE.TAXON_NOT_FOUND.localized,
    });
    expect(validationError('/query/page', 'must be positive').toJSON().details).toEqual({ '/query/page': ['must be positive'] });
    expect(pointerToken('a/b~c')).toBe('a~1b~0c');
  });
});
