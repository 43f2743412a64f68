/** The `AppError` a call throws; a test fails when it throws nothing, or something else. */
import { AppError } from '../../src/errors.ts';

export function refusalOf(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal (an AppError)');
}
