import { QuestBoard } from '../../features/quests/quest-board.tsx';

/** /tasks: the Quest Board; ?tab= picks all, quiz, community, watch, daily or play. */
export function TasksRoute() {
  return <QuestBoard />;
}
