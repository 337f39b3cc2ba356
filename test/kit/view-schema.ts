/**
 * Whether a view is exactly what its GraphQL type describes: every field present (a nullable
 * field is null, never missing), no field the type lacks, null only where the type allows it,
 * scalars of their type. Returns every mismatch, with its path.
 */
import { isListType, isNonNullType, isObjectType, isScalarType, type GraphQLOutputType } from 'graphql';

export function viewMismatches(type: GraphQLOutputType, value: unknown, path: string, problems: string[] = []): string[] {
  if (value === undefined) {
    problems.push(`${path}: missing (a nullable field must be null)`);
    return problems;
  }
  if (isNonNullType(type)) {
    if (value === null) problems.push(`${path}: null in a non-null field`);
    else viewMismatches(type.ofType, value, path, problems);
    return problems;
  }
  if (value === null) return problems;
  if (isListType(type)) {
    if (!Array.isArray(value)) problems.push(`${path}: not a list`);
    else value.forEach((v, i) => viewMismatches(type.ofType, v, `${path}[${i}]`, problems));
    return problems;
  }
  if (isScalarType(type)) {
    const ok = { Int: Number.isInteger(value), Float: typeof value === 'number', String: typeof value === 'string', ID: typeof value === 'string' || typeof value === 'number', Boolean: typeof value === 'boolean' }[type.name];
    if (ok === false) problems.push(`${path}: ${JSON.stringify(value)} is not ${type.name}`);
    return problems;
  }
  if (isObjectType(type)) {
    if (typeof value !== 'object' || Array.isArray(value)) {
      problems.push(`${path}: not an object`);
      return problems;
    }
    const fields = type.getFields();
    for (const key of Object.keys(value)) if (!fields[key]) problems.push(`${path}.${key}: missing from ${type.name}`);
    for (const [name, field] of Object.entries(fields)) viewMismatches(field.type, (value as Record<string, unknown>)[name], `${path}.${name}`, problems);
    return problems;
  }
  problems.push(`${path}: unions and interfaces are not allowed inside views`);
  return problems;
}
