import { fieldOf } from '../field-of.ts';

/**
 * What the app knows about how it was launched, settled once by app/init.ts before the first
 * render: whether it runs inside Telegram, the signed init data every API call carries, the
 * player Telegram vouches for, and the start parameter.
 */
export interface TelegramPlayer {
  /** The Telegram user id as decimal digits. */
  id: string;
  username: string;
  firstName: string;
  photoUrl: string;
}

export interface LaunchContext {
  insideTelegram: boolean;
  rawInitData: string | undefined;
  player: TelegramPlayer | null;
  startParam: string | undefined;
}

let context: LaunchContext = {
  insideTelegram: false,
  rawInitData: undefined,
  player: null,
  startParam: undefined,
};

export function setLaunchContext(next: LaunchContext): void {
  context = next;
}

export function getLaunchContext(): LaunchContext {
  return context;
}

/**
 * Reads the player and the start parameter out of raw init data. The server checks the
 * signature; here the values only choose which account to show and call.
 */
export function launchContextFromInitData(
  rawInitData: string | undefined,
  insideTelegram: boolean,
  fallbackStartParam?: string,
): LaunchContext {
  if (!rawInitData) return { insideTelegram, rawInitData, player: null, startParam: fallbackStartParam };
  const params = new URLSearchParams(rawInitData);
  let player: TelegramPlayer | null = null;
  try {
    const user: unknown = JSON.parse(params.get('user') ?? 'null');
    const id = fieldOf(user, 'id');
    const text = (name: string) => {
      const value = fieldOf(user, name);
      return typeof value === 'string' ? value : '';
    };
    if (
      (typeof id === 'number' && Number.isSafeInteger(id) && id > 0) ||
      (typeof id === 'string' && /^\d+$/.test(id))
    ) {
      player = {
        id: String(id),
        username: text('username'),
        firstName: text('first_name'),
        photoUrl: text('photo_url'),
      };
    }
  } catch {
    player = null;
  }
  return {
    insideTelegram,
    rawInitData,
    player,
    startParam: params.get('start_param') ?? fallbackStartParam ?? undefined,
  };
}
