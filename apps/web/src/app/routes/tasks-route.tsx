import { ComingSoonPanel } from '../../components/ui/coming-soon-panel.tsx';

export function TasksRoute() {
  return (
    <ComingSoonPanel
      title="Quest Board"
      art="scroll"
      accents={['money-bag', 'sparkles']}
      line="Quests, quizzes, daily rewards and games that pay out coins are on their way."
    />
  );
}
