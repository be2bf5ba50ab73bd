import fastJson from 'fast-json-stringify'
import type { FastifySerializerCompiler } from 'fastify/types/schema.js'
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod'
import { z } from 'zod'

type JsonSchema = Record<string, unknown>

const isSchema = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null && !Array.isArray(v)
const isEmpty = (s: JsonSchema) => Object.keys(s).length === 0

/** Keywords whose value is a map of names to schemas, and those whose value is a schema or a list of them. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions'])
const SUBSCHEMAS = new Set(['items', 'prefixItems', 'additionalProperties', 'anyOf', 'oneOf', 'allOf', 'not'])

/**
 * The schema as fast-json-stringify should write it:
 * - no `default`: zod writes what the handler answered, fast-json-stringify would fill defaults in;
 * - `X or null` as a list of types, which it writes fastest (an `anyOf` makes it try each branch
 *   with a validator for every value); `anything or null` is anything;
 * - a choice of constants of one type as that type with an `enum` (a review step's `isAudit`).
 */
const simplify = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(simplify)
  if (!isSchema(node)) return node
  const out: JsonSchema = {}
  for (const [k, v] of Object.entries(node)) {
    // zod answers what the handler gave (no defaults filled in) and drops unknown keys, as
    // fast-json-stringify does without `additionalProperties`
    if (k === 'default' || (k === 'additionalProperties' && v === false)) continue
    if (SCHEMA_MAPS.has(k) && isSchema(v)) {
      out[k] = Object.fromEntries(Object.entries(v).map(([name, s]) => [name, simplify(s)]))
    } else out[k] = SUBSCHEMAS.has(k) ? simplify(v) : v
  }
  const branches = out.anyOf
  // a choice of constants of one type (`z.union([z.literal(0), z.literal(1)])`) is that type, of those values
  const constants = Array.isArray(branches) && branches.every(isSchema) ? branches : []
  const type = constants[0]?.type
  if (
    constants.length > 0 &&
    typeof type === 'string' &&
    constants.every((b) => b.type === type && 'const' in b && Object.keys(b).length === 2)
  ) {
    const { anyOf: _, ...rest } = out
    return { ...rest, type, enum: constants.map((b) => b.const) }
  }
  if (Array.isArray(branches) && branches.length === 2 && branches.every(isSchema)) {
    const nullAt = branches.findIndex((b) => b.type === 'null' && Object.keys(b).length === 1)
    const other = branches[1 - nullAt]
    if (nullAt >= 0 && other) {
      const { anyOf: _, ...rest } = out
      if (isEmpty(other)) return rest
      if (typeof other.type === 'string' && !('anyOf' in other))
        return { ...rest, ...other, type: [other.type, 'null'] }
    }
  }
  return out
}

/**
 * Answers are written from their zod schema turned into JSON Schema and compiled by
 * fast-json-stringify (Fastify's own serializer): only declared properties are written, as zod's
 * encode would keep them, at a fraction of its CPU (zod's encode is a sixth of a list request's). A schema
 * JSON Schema cannot express falls back to zod's encode (fastify-type-provider-zod).
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  try {
    const json = JSON.stringify(simplify(z.toJSONSchema(route.schema, { io: 'output', unrepresentable: 'any' })))
    // a choice between schemas is made by validating the value against each, which can pick
    // another branch than zod would (a numeric text, a date object): zod writes those
    if (/"(anyOf|oneOf|allOf|if|not)":/.test(json)) return zodSerializerCompiler(route)
    return fastJson(JSON.parse(json))
  } catch {
    return zodSerializerCompiler(route)
  }
}
