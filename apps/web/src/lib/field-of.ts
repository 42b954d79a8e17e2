/** `value[name]` when `value` is an object that has it: reads parsed JSON or stored state without a cast. */
export function fieldOf(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null && name in value ? Reflect.get(value, name) : undefined;
}
