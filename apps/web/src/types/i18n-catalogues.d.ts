/** A language's compiled catalogue (build/i18n-messages.ts). */
declare module 'virtual:titans-i18n/*' {
  const messages: Readonly<Record<string, ((values: Record<string, string | number>) => string) | undefined>>;
  export default messages;
}
