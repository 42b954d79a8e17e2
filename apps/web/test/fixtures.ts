import type { Character } from '@titans/shared/characters/schemas';
import type { User } from '@titans/shared/user/schemas';

/** A user as the server returns it; tests override what they look at. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    _id: 'u-1',
    id: 'u-1',
    telegram_user_id: '2',
    username: 'test_titan',
    profile_picture: '',
    coins: 1234,
    gems: 7,
    energy: 900,
    max_energy: 1000,
    energy_regen_rate: 3,
    tap_power: 1,
    tap_multiplier: 1,
    cooldown: 0,
    skill_points: 0,
    level: 1,
    background_image: null,
    background_item_id: null,
    referral_code: 'REF12345',
    is_referral_upgraded: false,
    wins: 0,
    losses: 0,
    practice_fight: false,
    avatar_stats: { health: 100, power: 10, defense: 5, speed: 5, experience: 0, experience_needed: 100 },
    upgrades: { tap_power: 0, energy_capacity: 0, energy_regen: 0, cooldown_reduction: 0 },
    avatar: null,
    avatars: [],
    tasks_progress: [],
    is_banned: false,
    ban_reason: null,
    created_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeCharacter(overrides: Partial<Character> = {}): Character {
  return {
    _id: 'aldric-dawnblade',
    name: 'Sir Aldric Dawnblade',
    description: 'A knight.',
    race: 'HUMAN',
    type: 'DEFAULT',
    image: '/art/characters/aldric-dawnblade.svg',
    image_url: '/art/characters/aldric-dawnblade.svg',
    rarity: 'common',
    level: 1,
    health: 4000,
    power: 65,
    attack: 65,
    defense: 65,
    speed: 65,
    experience: 0,
    tapValue: 10,
    is_free: true,
    is_limited: false,
    price: 0,
    currency: 'coins',
    created_at: '2025-01-01T00:00:00.000Z',
    isOwned: false,
    ...overrides,
  };
}

/** A fetch answer with the server's `{code, data, message}` envelope. */
export function envelope(status: number, data: unknown, extra: Record<string, unknown> = {}): Response {
  return new Response(JSON.stringify({ code: status, data, message: extra.message ?? 'ok', ...extra }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
