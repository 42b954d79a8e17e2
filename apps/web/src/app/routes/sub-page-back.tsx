import { Button } from '../../components/ui/button.tsx';
import { paths } from '../../config/paths.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { useHistoryIndex, useNavigate } from '../../lib/router/router.tsx';
import { getLaunchContext } from '../../lib/telegram/launch-context.ts';

/**
 * A Back button for sub-pages outside Telegram. Inside Telegram the native BackButton does
 * this job (layout/use-telegram-back-button.ts), so nothing is drawn.
 */
export function SubPageBack() {
  const navigate = useNavigate();
  const historyIndex = useHistoryIndex();
  if (getLaunchContext().insideTelegram) return null;
  return (
    <Button
      variant="ghost"
      block
      onClick={() => {
        const index = historyIndex();
        if (index > 0) navigate(-1);
        else navigate(paths.home.getHref(), { replace: true });
      }}
    >
      {t('subPageBack.back')}
    </Button>
  );
}
