/**
 * Stripe's request bodies are `application/x-www-form-urlencoded` with bracketed keys
 * (`line_items[0][price]=price_1&metadata[userId]=u`); this reads them back into nested objects, and
 * objects whose keys are all indexes into arrays.
 */
export type FormValue = string | FormObject | FormValue[];
export interface FormObject {
  [key: string]: FormValue;
}

function keyPath(key: string): string[] {
  const head = /^[^[]+/.exec(key)?.[0] ?? '';
  const rest = [...key.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((match) => match[1] ?? '');
  return [head, ...rest];
}

function toArrays(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted = Object.fromEntries(keys.map((key) => [key, toArrays(value[key] as FormValue)]));
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((key) => converted[key] as FormValue);
  }
  return converted;
}

/** Parses a form-encoded Stripe request body. */
export function parseStripeForm(body: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = keyPath(key);
    let node = root;
    path.forEach((segment, index) => {
      const name = segment === '' ? String(Object.keys(node).length) : segment;
      if (index === path.length - 1) node[name] = value;
      else {
        const next = node[name];
        if (typeof next !== 'object' || Array.isArray(next)) node[name] = {};
        node = node[name] as FormObject;
      }
    });
  }
  return toArrays(root) as FormObject;
}
