import { LANGUAGE_NAMES } from '@titans/shared/i18n/languages';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { EmojiArt, type EmojiName } from '../../components/ui/emoji-art.tsx';
import { GameIcon } from '../../components/ui/game-icon.tsx';
import { PlayerAvatar } from '../../components/ui/player-avatar.tsx';
import { RoundBackButton } from '../../components/ui/round-back-button.tsx';
import { paths } from '../../config/paths.ts';
import { cx } from '../../lib/cx.ts';
import { formatNumber } from '../../lib/format-number.ts';
import { haptics } from '../../lib/haptics.ts';
import { heroLevel } from '../../lib/hero-level.ts';
import { currentLanguage, t } from '../../lib/i18n/i18n.ts';
import { isOneOf } from '../../lib/one-of.ts';
import { useBalance } from '../../lib/realtime/balance-store.ts';
import { useHistoryIndex, useNavigate, useSearchParams } from '../../lib/router/router.tsx';
import { getLaunchContext } from '../../lib/telegram/launch-context.ts';
import { useProfile } from '../users/api/get-profile.ts';
import { useCurrentUser } from '../users/api/get-user.ts';
import { AchievementsView } from './achievements-view.tsx';
import { LanguagePanel } from './language-panel.tsx';
import { ProfileStats } from './profile-stats.tsx';
import { ReminderSettingsPanel } from './reminder-settings-panel.tsx';
import { SoundSettingsPanel } from './sound-settings-panel.tsx';

/** The Profile's sub-views, each with a back action to main. */
export const PROFILE_VIEWS = ['main', 'achievements', 'inventory', 'faq'] as const;
export type ProfileView = (typeof PROFILE_VIEWS)[number];

function MenuRow({
  art,
  label,
  detail,
  onClick,
  expanded,
}: {
  art: EmojiName;
  label: string;
  detail?: ReactNode;
  onClick?(): void;
  expanded?: boolean;
}) {
  const content = (
    <>
      <span className="grid size-10 place-items-center rounded-xl bg-night-950/60 ring-1 ring-white/10">
        <EmojiArt name={art} className="size-7" />
      </span>
      <span className="flex-1 text-start text-[16px] font-extrabold text-ink">{label}</span>
      {detail}
      {onClick && (
        <span
          aria-hidden
          className={cx(
            'text-[20px] text-muted transition-transform rtl:-scale-x-100',
            expanded && 'rotate-90',
          )}
        >
          ›
        </span>
      )}
    </>
  );
  if (!onClick) return <div className="flex items-center gap-3 px-3.5 py-2.5">{content}</div>;
  return (
    <button
      type="button"
      aria-expanded={expanded}
      onClick={() => {
        haptics.selection();
        onClick();
      }}
      className="flex w-full items-center gap-3 px-3.5 py-2.5 active:bg-white/[0.04]"
    >
      {content}
    </button>
  );
}

export interface ProfileScreenProps {
  /** The inventory sub-view and the FAQ come from their own features; the app puts them here. */
  inventory: ReactNode;
  faq(onBack: () => void): ReactNode;
}

/**
 * Profile (/profile): picture, name and level from the Telegram account, coins and
 * Stars, the selected character, the server's stats, and the Inventory, Achievements, FAQ,
 * Sound Settings and Total Referral entries. Sub-views live in `?view=` so Back returns to main;
 * the back arrow on main goes to /.
 */
export function ProfileScreen({ inventory, faq }: ProfileScreenProps) {
  const telegramUserId = getLaunchContext().player?.id ?? '';
  const navigate = useNavigate();
  const { view, show, backToMain } = useProfileView();
  const { data: user } = useCurrentUser();
  const profile = useProfile(telegramUserId);
  const hero = user?.avatars.find((avatar) => avatar.character_id === user.avatar);
  // Kept here, not in the menu: the panels stay open across a visit to a sub-view.
  const [soundOpen, setSoundOpen] = useState(false);
  const [remindersOpen, setRemindersOpen] = useState(false);
  const [languageOpen, setLanguageOpen] = useState(false);

  if (view === 'achievements') {
    return (
      <div className="px-4 pt-1 pb-6">
        <AchievementsView hero={hero} onBack={backToMain} />
      </div>
    );
  }
  if (view === 'faq') return <div className="px-4 pt-1 pb-6">{faq(backToMain)}</div>;
  if (view === 'inventory') {
    return (
      <section aria-label={t('profileScreen.inventory')} className="px-4 pt-1 pb-6 animate-rise-in">
        <div className="mb-3 flex items-center gap-3">
          <RoundBackButton label={t('profileScreen.backToProfile')} onClick={backToMain} />
          <h1 className="font-display text-[28px] leading-none text-gold">{t('profileScreen.inventory')}</h1>
        </div>
        {inventory}
      </section>
    );
  }
  return (
    <section aria-label={t('profileScreen.profile')} className="px-4 pt-1 pb-6">
      <div className="flex items-center gap-3">
        <RoundBackButton
          label={t('profileScreen.backToHome')}
          onClick={() => navigate(paths.home.getHref())}
        />
        <h1 className="font-display text-[28px] leading-none text-gold">{t('profileScreen.profile')}</h1>
      </div>
      <ProfileCard user={user} profile={profile.data} />
      <SelectedCharacter hero={hero} />
      <h2 className="mt-5 mb-2 px-1 text-[12px] font-black tracking-[0.18em] text-gold-200/90 uppercase">
        {t('profileScreen.stats')}
      </h2>
      <ProfileStats profile={profile.data} />
      <ProfileMenu
        show={show}
        totalReferrals={profile.data?.totalReferrals ?? 0}
        soundOpen={soundOpen}
        onSound={() => setSoundOpen((open) => !open)}
        remindersOpen={remindersOpen}
        onReminders={() => setRemindersOpen((open) => !open)}
        language={{ telegramUserId, open: languageOpen, onToggle: () => setLanguageOpen((open) => !open) }}
      />
    </section>
  );
}

type CurrentUser = ReturnType<typeof useCurrentUser>['data'];
type Profile = ReturnType<typeof useProfile>['data'];
type Hero = NonNullable<CurrentUser>['avatars'][number];

/** The sub-view in `?view=`; Back returns to main through history when it can. */
function useProfileView() {
  const navigate = useNavigate();
  const historyIndex = useHistoryIndex();
  const [params, setParams] = useSearchParams();
  const requested = params.get('view');
  const view: ProfileView = isOneOf(PROFILE_VIEWS, requested) ? requested : 'main';
  const show = (next: ProfileView) => setParams(next === 'main' ? {} : { view: next });
  const backToMain = () => {
    const index = historyIndex();
    if (index > 0) navigate(-1);
    else setParams({}, { replace: true });
  };
  return { view, show, backToMain };
}

/** Picture, name and level from the Telegram account, coins (live once synced) and Stars. */
function ProfileCard({ user, profile }: { user: CurrentUser; profile: Profile }) {
  const coins = useBalance((state) => state.coins);
  const synced = useBalance((state) => state.synced);
  const name = user?.username || t('topBar.player');
  return (
    <div className="panel relative mt-3 overflow-hidden rounded-3xl p-4">
      <div className="pointer-events-none absolute -top-10 -end-10 size-40 rounded-full bg-gold-400/20 blur-3xl" />
      <div className="relative flex items-center gap-3.5">
        <PlayerAvatar src={user?.profile_picture ?? ''} name={name} className="size-16" />
        <div className="min-w-0 flex-1">
          <p className="truncate font-display text-[24px] leading-tight text-ink" data-testid="profile-name">
            {name}
          </p>
          <span className="mt-1 inline-block rounded-full bg-gold-300 px-2.5 py-0.5 text-[12px] font-black text-[#4a2300] shadow-[0_2px_0_#a85a00]">
            {t('profileScreen.level', { user: heroLevel(user) })}
          </span>
        </div>
      </div>
      <div className="relative mt-3.5 grid grid-cols-2 gap-2">
        <div className="flex items-center gap-2 rounded-2xl bg-night-950/60 px-3 py-2 ring-1 ring-white/10">
          <GameIcon name="coin" className="size-7" />
          <span className="font-display text-[20px] text-ink tabular-nums" data-testid="profile-coins">
            {formatNumber(synced ? coins : (profile?.currentCoins ?? user?.coins ?? 0))}
          </span>
        </div>
        <div className="flex items-center gap-2 rounded-2xl bg-night-950/60 px-3 py-2 ring-1 ring-white/10">
          <GameIcon name="star" className="size-7" />
          <span className="font-display text-[20px] text-ink tabular-nums" data-testid="profile-stars">
            {formatNumber(user?.gems ?? 0)}
          </span>
          <span className="text-[12px] font-bold text-muted">{t('profileScreen.stars')}</span>
        </div>
      </div>
    </div>
  );
}

function SelectedCharacter({ hero }: { hero: Hero | undefined }) {
  return (
    <section
      className="panel mt-3 flex items-center gap-3 rounded-3xl p-3"
      aria-label={t('profileScreen.selectedCharacter')}
    >
      <span className="grid size-16 shrink-0 place-items-center overflow-hidden rounded-2xl bg-night-950/60 ring-2 ring-gold-300/60">
        {hero ? (
          <img src={hero.image} alt="" className="size-full object-cover" />
        ) : (
          <EmojiArt name="crown" className="size-10 opacity-60" />
        )}
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-[11px] font-black tracking-[0.16em] text-muted uppercase">
          {t('profileScreen.selectedCharacter')}
        </p>
        <p className="truncate font-display text-[20px] leading-tight text-ink">
          {hero?.name ?? t('profileScreen.noCharacterSelected')}
        </p>
        {hero && (
          <p className="text-[13px] font-bold text-gold-200">
            {t('profileScreen.lv', { level: hero.level })}
          </p>
        )}
      </div>
    </section>
  );
}

/** The language on show; the pseudo-locale of the layout checks reads as English. */
function languageShown() {
  const language = currentLanguage();
  return language === 'pseudo' ? 'en' : language;
}

/** The language on show by its own name (its endonym), marked as written in that language. */
function LanguageShown() {
  const language = languageShown();
  return (
    <span lang={language} className="text-[13px] font-bold text-muted">
      {LANGUAGE_NAMES[language]}
    </span>
  );
}

/** Inventory, Achievements, FAQ, Sound Settings and Reminders (opening in place) and Total Referral. */
function ProfileMenu({
  show,
  totalReferrals,
  soundOpen,
  onSound,
  remindersOpen,
  onReminders,
  language,
}: {
  show(view: ProfileView): void;
  totalReferrals: number;
  soundOpen: boolean;
  onSound(): void;
  remindersOpen: boolean;
  onReminders(): void;
  language: { telegramUserId: string; open: boolean; onToggle(): void };
}) {
  return (
    <div className="panel mt-4 divide-y divide-white/10 overflow-hidden rounded-3xl">
      <MenuRow art="backpack" label={t('profileScreen.inventory')} onClick={() => show('inventory')} />
      <MenuRow art="trophy" label={t('profileScreen.achievements')} onClick={() => show('achievements')} />
      <MenuRow art="scroll" label={t('profileScreen.faq')} onClick={() => show('faq')} />
      <div>
        <MenuRow
          art="speaker-high-volume"
          label={t('profileScreen.soundSettings')}
          expanded={soundOpen}
          onClick={onSound}
        />
        {soundOpen && (
          <div className="px-4 pb-3 animate-fade-in">
            <SoundSettingsPanel />
          </div>
        )}
      </div>
      <div>
        <MenuRow
          art="hourglass-not-done"
          label={t('profileScreen.reminders')}
          expanded={remindersOpen}
          onClick={onReminders}
        />
        {remindersOpen && (
          <div className="px-4 pb-3 animate-fade-in">
            <ReminderSettingsPanel />
          </div>
        )}
      </div>
      <div>
        <MenuRow
          art="sparkles"
          label={t('profileScreen.language')}
          detail={<LanguageShown />}
          expanded={language.open}
          onClick={language.onToggle}
        />
        {language.open && (
          <div className="px-4 pb-3 animate-fade-in">
            <LanguagePanel telegramUserId={language.telegramUserId} />
          </div>
        )}
      </div>
      <MenuRow
        art="people-hugging"
        label={t('profileScreen.totalReferral')}
        detail={
          <span
            className="font-display text-[20px] text-gold-200 tabular-nums"
            data-testid="profile-referrals"
          >
            {formatNumber(totalReferrals)}
          </span>
        }
      />
    </div>
  );
}
