import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { charactersQueryOptions } from '../characters/api/get-characters.ts';
import { ChooseHero } from './choose-hero.tsx';
import { Intro } from './intro.tsx';

/** First-time mode: the intro slides, then Choose Your Hero. */
export function Onboarding({ telegramUserId }: { telegramUserId: string }) {
  const [step, setStep] = useState<'intro' | 'hero'>('intro');
  const queryClient = useQueryClient();
  useEffect(() => {
    // The heroes load while the player reads the slides.
    void queryClient.prefetchQuery(charactersQueryOptions());
  }, [queryClient]);

  return step === 'intro' ? (
    <Intro onDone={() => setStep('hero')} />
  ) : (
    <ChooseHero telegramUserId={telegramUserId} />
  );
}
