import { ComingSoonPanel } from '../../components/ui/coming-soon-panel.tsx';

export function FightRoute() {
  return (
    <ComingSoonPanel
      title="Arena"
      art="crossed-swords"
      accents={['fire', 'shield']}
      line="Real-time tap battles against bots and other players are being forged."
    />
  );
}
