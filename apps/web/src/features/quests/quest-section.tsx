import type { ReactNode } from 'react';
import { EmojiArt, type EmojiName } from '../../components/ui/emoji-art.tsx';

/** A titled group of task cards on the Quest Board. */
export function QuestSection({
  title,
  art,
  children,
}: {
  title: string;
  art: EmojiName;
  children: ReactNode;
}) {
  return (
    <section aria-label={title} className="mt-4 first:mt-0">
      <h2 className="mb-2 flex items-center gap-1.5 px-1 text-[12px] font-black tracking-[0.18em] text-gold-200/90 uppercase">
        <EmojiArt name={art} className="size-4" />
        {title}
      </h2>
      <div className="flex flex-col gap-2.5">{children}</div>
    </section>
  );
}
