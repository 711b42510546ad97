import { type EventBus, isEventBus } from '../bus/event-bus.ts';
import { z } from './zod.ts';

/**
 * Version of the shell <-> remote contract. Bump it on any breaking change to {@link AreaProps}; a remote
 * built for another version refuses to mount instead of misbehaving, and the shell shows its fallback.
 */
export const CONTRACT_VERSION = 1;

/** Where the parcels reach the backend. Only the anon key: the browser never holds a service key. */
export const backendConfigSchema = z.object({
  url: z.url(),
  anonKey: z.string().check(z.minLength(1)),
});
export type BackendConfig = z.infer<typeof backendConfigSchema>;

/** The signed-in user as the shell knows it, or null before sign-in (standalone harness, login page). */
export const areaUserSchema = z.nullable(
  z.object({ id: z.string().check(z.minLength(1)), email: z.string() }),
);
export type AreaUser = z.infer<typeof areaUserSchema>;

/**
 * The props every parcel receives from the shell, validated at mount. single-spa adds its own props
 * (name, mountParcel, ...), hence a loose object.
 */
export const areaPropsSchema = z.looseObject({
  contractVersion: z.literal(CONTRACT_VERSION),
  bus: z.custom<EventBus>(isEventBus, { message: 'bus must be the workspace event bus' }),
  backend: backendConfigSchema,
  user: areaUserSchema,
});

export type AreaProps = z.infer<typeof areaPropsSchema>;

/** Validates parcel props, with a message naming every field that is wrong. */
export function parseAreaProps(props: unknown): AreaProps {
  const result = areaPropsSchema.safeParse(props);
  if (!result.success) {
    throw new TypeError(`Invalid area props: ${z.prettifyError(result.error)}`);
  }
  return result.data;
}
