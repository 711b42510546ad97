import { validateCategoryName } from 'shared-kernel';

/** A prompt's check of a folder name: the spec's 'Category name is required' for a blank one, else `null`. */
export function categoryNameError(name: string): string | null {
  const validated = validateCategoryName(name);
  return validated.ok ? null : validated.error;
}
