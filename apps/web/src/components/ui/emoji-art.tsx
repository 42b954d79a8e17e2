import backpack from '../../assets/emoji/backpack.svg';
import battery from '../../assets/emoji/battery.svg';
import castle from '../../assets/emoji/castle.svg';
import collision from '../../assets/emoji/collision.svg';
import crossedSwords from '../../assets/emoji/crossed-swords.svg';
import crown from '../../assets/emoji/crown.svg';
import dragon from '../../assets/emoji/dragon.svg';
import fire from '../../assets/emoji/fire.svg';
import gemStone from '../../assets/emoji/gem-stone.svg';
import glowingStar from '../../assets/emoji/glowing-star.svg';
import handshake from '../../assets/emoji/handshake.svg';
import highVoltage from '../../assets/emoji/high-voltage.svg';
import hourglassNotDone from '../../assets/emoji/hourglass-not-done.svg';
import moneyBag from '../../assets/emoji/money-bag.svg';
import mutedSpeaker from '../../assets/emoji/muted-speaker.svg';
import oncomingFist from '../../assets/emoji/oncoming-fist.svg';
import partyPopper from '../../assets/emoji/party-popper.svg';
import peopleHugging from '../../assets/emoji/people-hugging.svg';
import prohibited from '../../assets/emoji/prohibited.svg';
import rocket from '../../assets/emoji/rocket.svg';
import satelliteAntenna from '../../assets/emoji/satellite-antenna.svg';
import scroll from '../../assets/emoji/scroll.svg';
import shield from '../../assets/emoji/shield.svg';
import shoppingBags from '../../assets/emoji/shopping-bags.svg';
import sparkles from '../../assets/emoji/sparkles.svg';
import speakerHighVolume from '../../assets/emoji/speaker-high-volume.svg';
import sunriseOverMountains from '../../assets/emoji/sunrise-over-mountains.svg';
import trophy from '../../assets/emoji/trophy.svg';
import videoGame from '../../assets/emoji/video-game.svg';
import warning from '../../assets/emoji/warning.svg';
import wrappedGift from '../../assets/emoji/wrapped-gift.svg';
import { cx } from '../../lib/cx.ts';

/** Fluent Emoji pictures shipped with the app (MIT, see assets/emoji/CREDITS.md). */
const EMOJI = {
  backpack,
  battery,
  collision,
  'hourglass-not-done': hourglassNotDone,
  'muted-speaker': mutedSpeaker,
  'oncoming-fist': oncomingFist,
  'speaker-high-volume': speakerHighVolume,
  'sunrise-over-mountains': sunriseOverMountains,
  'video-game': videoGame,
  castle,
  'crossed-swords': crossedSwords,
  crown,
  dragon,
  fire,
  'gem-stone': gemStone,
  'glowing-star': glowingStar,
  handshake,
  'high-voltage': highVoltage,
  'money-bag': moneyBag,
  'party-popper': partyPopper,
  'people-hugging': peopleHugging,
  prohibited,
  rocket,
  'satellite-antenna': satelliteAntenna,
  scroll,
  shield,
  'shopping-bags': shoppingBags,
  sparkles,
  trophy,
  warning,
  'wrapped-gift': wrappedGift,
} as const;

export type EmojiName = keyof typeof EMOJI;

export function EmojiArt({ name, className }: { name: EmojiName; className?: string }) {
  return (
    <img
      src={EMOJI[name]}
      alt=""
      aria-hidden
      draggable={false}
      decoding="async"
      className={cx('pointer-events-none select-none', className)}
    />
  );
}
