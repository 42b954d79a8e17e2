import type { ReminderKind, ReminderSettings } from '@titans/shared/reminders/schemas';
import { useId, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { t } from '../../lib/i18n/i18n.ts';
import { askWriteAccess, useReminderSettings, useUpdateReminders } from './api/reminders.ts';
import { SoundSwitch } from './sound-settings-panel.tsx';

/** BR1: what each reminder says, as the switches name them. */
const KIND_LABELS: Record<ReminderKind, string> = {
  get energy_full() {
    return t('reminderSettingsPanel.energyFullAgain');
  },
  get daily_ready() {
    return t('reminderSettingsPanel.dailyRewardReady');
  },
  get friend_joined() {
    return t('reminderSettingsPanel.aFriendJoined');
  },
  get rematch() {
    return t('reminderSettingsPanel.rematchOffers');
  },
};
const KINDS = Object.keys(KIND_LABELS).filter((kind): kind is ReminderKind => kind in KIND_LABELS);

function ReminderRow({
  label,
  on,
  disabled,
  onToggle,
}: {
  label: string;
  on: boolean;
  disabled?: boolean;
  onToggle(): void;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-3 py-2.5">
      <span id={id} className="min-w-0 text-[15px] font-extrabold text-ink">
        {label}
      </span>
      <SoundSwitch labelledBy={id} on={on} disabled={disabled} onToggle={onToggle} />
    </div>
  );
}

/** Why the bot cannot write yet, and the button that asks Telegram for permission (BR2, BR7). */
function Permission({ settings, onAllowed }: { settings: ReminderSettings; onAllowed(): void }) {
  const [refused, setRefused] = useState(false);
  if (settings.allowed && !settings.unreachable) return null;
  const text = settings.unreachable
    ? t('reminderSettingsPanel.theBotCannotReach')
    : t('reminderSettingsPanel.allowTheTitansBot');
  return (
    <div
      className="mb-1 rounded-2xl bg-night-950/60 p-3 ring-1 ring-white/10"
      data-testid="reminders-permission"
    >
      <p className="text-[13px] font-bold text-muted">{text}</p>
      {refused && (
        <p className="mt-1 text-[13px] font-bold text-danger-400">
          {t('reminderSettingsPanel.telegramDidNotAllow')}
        </p>
      )}
      <Button
        className="mt-2"
        block
        size="sm"
        onClick={async () => {
          if (await askWriteAccess()) onAllowed();
          else setRefused(true);
        }}
      >
        {t('reminderSettingsPanel.allowMessages')}
      </Button>
    </div>
  );
}

/**
 * Reminders (BR2): a switch for all the bot's reminders and one per kind, saved on the account.
 * A player who has not let the bot write is asked once, with Telegram's own request, from here.
 */
export function ReminderSettingsPanel() {
  const settings = useReminderSettings();
  const update = useUpdateReminders();
  if (!settings.data)
    return (
      <p className="py-2 text-[14px] font-bold text-muted">
        {settings.isError
          ? t('reminderSettingsPanel.couldNotLoadReminders')
          : t('reminderSettingsPanel.loading')}
      </p>
    );
  const data = settings.data;
  return (
    <div data-testid="reminder-settings">
      <Permission settings={data} onAllowed={() => update.mutate({ allowed: true })} />
      <div className="divide-y divide-white/10">
        <ReminderRow
          label={t('reminderSettingsPanel.allReminders')}
          on={data.enabled}
          onToggle={() => update.mutate({ enabled: !data.enabled })}
        />
        {KINDS.map((kind) => (
          <ReminderRow
            key={kind}
            label={KIND_LABELS[kind]}
            on={data.enabled && data.kinds[kind]}
            disabled={!data.enabled}
            onToggle={() => update.mutate({ kinds: { [kind]: !data.kinds[kind] } })}
          />
        ))}
      </div>
      <p className="pt-2 text-[12px] font-bold text-muted">{t('reminderSettingsPanel.atMostAFew')}</p>
    </div>
  );
}
