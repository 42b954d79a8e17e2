import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@titans/shared/i18n/languages';
import { toast } from '../../components/ui/toast-store.ts';
import { cx } from '../../lib/cx.ts';
import { haptics } from '../../lib/haptics.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { showLanguage } from '../../lib/i18n/language.ts';
import { useLanguage } from '../../lib/i18n/use-language.ts';
import { useSetLanguage } from '../users/api/set-language.ts';

/**
 * The languages, each in its own name: a choice shows at once and is kept on the account
 * (PUT /user/{id}/language), so it follows the player to another device.
 */
export function LanguagePanel({ telegramUserId }: { telegramUserId: string }) {
  const current = useLanguage();
  const save = useSetLanguage(telegramUserId);
  const choose = (language: Language) => {
    haptics.selection();
    void showLanguage(language);
    save.mutate(language, { onError: () => toast.error(t('languagePanel.saveFailed')) });
  };
  return (
    <fieldset aria-label={t('languagePanel.language')} className="grid grid-cols-2 gap-1.5">
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          aria-pressed={current === language}
          lang={language}
          data-testid={`language-${language}`}
          onClick={() => choose(language)}
          className={cx(
            'rounded-xl px-3 py-2 text-start text-[14px] font-extrabold ring-1',
            current === language
              ? 'bg-gold-300/20 text-gold-200 ring-gold-300/70'
              : 'bg-night-950/50 text-ink ring-white/10 active:bg-white/[0.06]',
          )}
        >
          {LANGUAGE_NAMES[language]}
        </button>
      ))}
    </fieldset>
  );
}
