import { RestError } from './rest-error.ts';
import { type FunctionInfo, qualifiedKey, type RelationInfo, type SchemaCache } from './schema-cache.ts';

/** Finding a table or a function a request names, with PostgREST's errors and "Perhaps you meant" hints. */

function levenshtein(left: string, right: string): number {
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let i = 1; i <= left.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= right.length; j += 1) {
      const cost = left[i - 1] === right[j - 1] ? 0 : 1;
      current.push(
        Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost),
      );
    }
    previous = current;
  }
  return previous[right.length] ?? 0;
}

/** The closest known name, for PostgREST's "Perhaps you meant ..." hints. */
function closestName(name: string, candidates: Iterable<string>): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = levenshtein(name.toLowerCase(), candidate.toLowerCase());
    if (distance <= Math.max(2, Math.floor(name.length / 3)) && (!best || distance < best.distance)) {
      best = { name: candidate, distance };
    }
  }
  return best?.name;
}

export function findRelation(cache: SchemaCache, schema: string, name: string): RelationInfo {
  const relation = cache.relations.get(qualifiedKey(schema, name));
  if (relation) return relation;
  const inSchema = [...cache.relations.values()].filter((candidate) => candidate.schema === schema);
  const suggestion = closestName(
    name,
    inSchema.map((candidate) => candidate.name),
  );
  throw new RestError({
    status: 404,
    code: 'PGRST205',
    message: `Could not find the table '${schema}.${name}' in the schema cache`,
    hint: suggestion === undefined ? null : `Perhaps you meant the table '${schema}.${suggestion}'`,
  });
}

/**
 * Picks the overload whose named parameters cover the given argument names (PostgREST matches by
 * name); a function of one unnamed json/jsonb parameter takes any body. `argumentNames` is undefined
 * when the body is not a JSON object: then only such a function can take it.
 */
export function findFunction(
  cache: SchemaCache,
  schema: string,
  name: string,
  argumentNames: string[] | undefined,
): FunctionInfo {
  const candidates = cache.functions.get(qualifiedKey(schema, name)) ?? [];
  const byName = candidates.filter(
    (fn) =>
      argumentNames !== undefined &&
      !fn.bodyParameterType &&
      argumentNames.every((argument) => fn.parameters.some((parameter) => parameter.name === argument)) &&
      fn.parameters.every((parameter) => parameter.hasDefault || argumentNames.includes(parameter.name)),
  );
  const matching = byName.length > 0 ? byName : candidates.filter((fn) => fn.bodyParameterType);
  const [first, ...others] = matching;
  if (first && others.length === 0) return first;
  const sortedNames = [...(argumentNames ?? [])].sort();
  const signature = `${schema}.${name}(${sortedNames.join(', ')})`;
  if (first) {
    throw new RestError({
      status: 300,
      code: 'PGRST203',
      message: `Could not choose the best candidate function between: ${matching.map((fn) => `${schema}.${name}(${fn.parameters.map((parameter) => `${parameter.name} => ${parameter.type}`).join(', ')})`).join(', ')}`,
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    });
  }
  const suggestion = closestName(
    name,
    [...cache.functions.values()].flat().flatMap((fn) => (fn.schema === schema ? [fn.name] : [])),
  );
  throw new RestError({
    status: 404,
    code: 'PGRST202',
    message: `Could not find the function ${signature} in the schema cache`,
    details: `Searched for the function ${schema}.${name} with ${sortedNames.length === 0 ? 'no parameters' : `parameters ${sortedNames.join(', ')}`} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    hint:
      suggestion === undefined || candidates.length > 0
        ? null
        : `Perhaps you meant to call the function ${schema}.${suggestion}`,
  });
}
