/**
 * The raw init data Telegram put in the launch URL's hash (`tgWebAppData`), if it is there. The
 * SDK reads the same parameter; this needs no SDK, so it can run before the SDK is evaluated
 * (index.html's inline script, the entry script).
 */
export function launchInitData(hash: string): string | null {
  const value = new URLSearchParams(hash.replace(/^#/, '')).get('tgWebAppData');
  return value ? value : null;
}
