/*
 * One hero drawn from its spec (hero-specs.ts) with the kit: back effects, cape, legs, body,
 * arms, head, headgear, props, front effects, all inside one group with the light rim
 * (hero-kit.ts rimFilter), so every hero reads on any background.
 */
import type { Rarity } from '@titans/shared/characters/schemas';
import { arms, cape, type Hat, hat, legs, type Outfit, torso } from './hero-body.ts';
import { drawHead, type HeadSpec } from './hero-heads.ts';
import { rimFilter, type Sketch, sketch } from './hero-kit.ts';
import { backEffect, type Effect, frontEffect, type Prop, prop } from './hero-props.ts';

export type HeroSpec = {
  head: HeadSpec;
  outfit: Outfit;
  hat?: { kind: Hat; color: string };
  props?: Prop[];
  /** Behind the figure (aura, moon, flames, lotus) and in front (lightning, sparkles, frost). */
  back?: { effect: Effect; color: string };
  front?: { effect: Effect; color: string };
};

/** A hero, the class attribute every kit drawing carries (checked by the hero art test). */
export const HERO_KIT_MARK = 'titans-hero-kit';

/** The hero's markup and the definitions it needs; `rim` is the light edge colour. */
export function heroFigure(spec: HeroSpec, rarity: Rarity, rim: string): { defs: string; body: string } {
  const s: Sketch = sketch();
  if (spec.back) backEffect(s, spec.back.effect, spec.back.color);
  cape(s, spec.outfit, rarity);
  legs(s, spec.outfit);
  const held = spec.props ?? [];
  // A bow stands behind the body; everything else is held in front.
  for (const p of held) if (p.kind === 'bow') prop(s, p);
  torso(s, spec.outfit, rarity);
  arms(s, spec.outfit, rarity);
  drawHead(s, spec.head);
  if (spec.hat) hat(s, spec.hat.kind, spec.hat.color);
  for (const p of held) if (p.kind !== 'bow') prop(s, p);
  if (spec.front) frontEffect(s, spec.front.effect, spec.front.color);
  const rimId = 'rim';
  return {
    defs: `${rimFilter(rimId, rim)}${s.defs.join('')}`,
    body: `<g class="${HERO_KIT_MARK}" filter="url(#${rimId})">${s.out.join('')}</g>`,
  };
}
