import { describe, expect, it } from 'vitest';
import { AppError, ERROR_CATALOGUE, invalidParameter, pointerToken } from '../src/errors.ts';
import { errorAnswer, pointerOf } from '../src/http/answers/error-answer.ts';

describe('error catalogue', () => {
  it('gives every code an error status and a text in each language', () => {
    for (const [code, spec] of Object.entries(ERROR_CATALOGUE)) {
      expect(spec.statusCode, code).toBeGreaterThanOrEqual(400);
      expect(spec.statusCode, code).toBeLessThan(600);
      for (const language of ['fi', 'sv', 'en'] as const)
        expect(spec.localized[language], `${code} ${language}`).not.toBe('');
    }
    expect(ERROR_CATALOGUE.VALIDATION_EXCEPTION.statusCode).toBe(422);
  });

  it('serialises as the error object, details only when there are some', () => {
    expect(errorAnswer(new AppError('TAXON_NOT_FOUND', 'gone'))).toEqual({
      errorCode: 'TAXON_NOT_FOUND',
      message: 'gone',
      localized: true,
    });
    expect(errorAnswer(invalidParameter('page', 'must be positive')).details).toEqual({
      '/query/page': ['must be positive'],
    });
    expect(errorAnswer(invalidParameter('id', 'too long'), { id: 'x' }).details).toEqual({
      '/params/id': ['too long'],
    });
    expect(pointerOf({ body: ['a/b', 0] })).toBe('/body/a~1b/0');
    expect(pointerToken('a/b~c')).toBe('a~1b~0c');
  });
});
