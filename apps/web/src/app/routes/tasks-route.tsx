import { QuestBoard } from '../../features/quests/quest-board.tsx';

/** /tasks: the Quest Board (spec-a §2); ?tab= picks all, quiz, community, watch, daily or play. */
export function TasksRoute() {
  return <QuestBoard />;
}
