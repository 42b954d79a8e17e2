/** Plays the setup steps a test does not look at, through the same API the app calls. */
export async function devInitData(baseUrl: string, startParam?: string): Promise<string> {
  const query = startParam ? `?start_param=${encodeURIComponent(startParam)}` : '';
  const response = await fetch(`${baseUrl}/v1/dev/init-data${query}`);
  const body = (await response.json()) as { data: { init_data: string } };
  return body.data.init_data;
}

async function call(baseUrl: string, initData: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}/v1${path}`, {
    method,
    headers: {
      Authorization: `tma ${initData}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { data: any; message: string };
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${envelope.message}`);
  return envelope.data;
}

/** Registers the development player and chooses the first free hero, as onboarding would. */
export async function registerWithHero(baseUrl: string): Promise<{ heroId: string; heroName: string }> {
  const initData = await devInitData(baseUrl);
  await call(baseUrl, initData, 'POST', '/user/register', { telegram_user_id: '00000002' });
  const list = await call(baseUrl, initData, 'GET', '/characters?limit=100&skip=0');
  const hero = list.characters.find((character: { is_free: boolean }) => character.is_free);
  await call(baseUrl, initData, 'POST', '/user/00000002/select-character', { characterId: hero._id });
  return { heroId: hero._id, heroName: hero.name };
}
