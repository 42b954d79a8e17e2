// Fenced: written against @electric-sql/pglite 0.5.16, whose client keeps private fields that a
// proxy receiver would not have (so every method stays bound to the client itself).
/**
 * `target` with some of its methods replaced. Every other property is the target's own, and its
 * methods stay bound to it (PGlite keeps private fields that a proxy receiver would not have).
 * Used to put the priority gate, prepared statements and drizzle's parser view in front of one
 * PGlite client and its transaction handles.
 */
export function withMethods<T extends object>(target: T, methods: Partial<T>): T {
  return new Proxy(target, {
    get(object, property) {
      if (Object.hasOwn(methods, property)) return Reflect.get(methods, property);
      const value: unknown = Reflect.get(object, property, object);
      return typeof value === 'function' ? value.bind(object) : value;
    },
  });
}
