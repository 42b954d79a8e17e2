const RAY_ANGLES = [0, 30, 60, 90, 120, 150, 180, 210, 240, 270, 300, 330];

export interface HeroStageProps {
  image: string;
  name: string;
  level: number;
}

/**
 * The selected character, large, in a glowing gold medallion in the middle of Home: the spot
 * the player will tap. The card art is cropped to its centre so its frame stays outside the ring.
 */
export function HeroStage({ image, name, level }: HeroStageProps) {
  return (
    <div className="relative flex w-full flex-col items-center">
      <div className="relative aspect-square w-[min(80vw,320px,calc(var(--app-height)-510px))] min-w-[200px]">
        <div className="absolute -inset-10 rounded-full bg-[radial-gradient(circle,rgb(255_194_31/0.42),rgb(116_76_255/0.26)_45%,transparent_68%)] animate-glow" />
        <svg viewBox="0 0 200 200" className="absolute -inset-8 animate-spin-slow opacity-60" aria-hidden>
          <defs>
            <radialGradient id="hero-rays" cx="50%" cy="50%" r="50%">
              <stop offset="40%" stopColor="#ffe585" stopOpacity="0.55" />
              <stop offset="100%" stopColor="#ffe585" stopOpacity="0" />
            </radialGradient>
          </defs>
          {RAY_ANGLES.map((angle) => (
            <path
              key={angle}
              d="M100 100 L95 0 L105 0 Z"
              fill="url(#hero-rays)"
              transform={`rotate(${angle} 100 100)`}
            />
          ))}
        </svg>
        <div className="absolute inset-0 animate-float">
          <div className="size-full rounded-full bg-[conic-gradient(from_200deg,#fff3c4,#ffc21f,#b86a00,#ffd54a,#fff3c4,#cc7c00,#fff3c4)] p-[7px] shadow-[0_0_0_3px_rgb(74_35_0/0.8),0_18px_40px_rgb(0_0_0/0.55),0_0_46px_rgb(255_194_31/0.45)]">
            <div className="relative size-full overflow-hidden rounded-full bg-[radial-gradient(circle_at_50%_40%,#4a3a9a,#1a1245_70%)] shadow-[inset_0_0_0_3px_rgb(74_35_0/0.6),inset_0_-18px_40px_rgb(0_0_0/0.45)]">
              <img src={image} alt={name} draggable={false} className="size-full scale-[1.12] object-cover" />
              <div className="pointer-events-none absolute inset-0 rounded-full bg-[radial-gradient(circle_at_35%_20%,rgb(255_255_255/0.28),transparent_45%)]" />
            </div>
          </div>
        </div>
      </div>
      <div className="relative mt-6 flex items-center gap-2 rounded-full bg-night-950/70 py-1.5 pr-4 pl-1.5 ring-1 ring-gold-300/35">
        <span className="rounded-full bg-gold-300 px-2 py-0.5 font-display text-[13px] text-[#4a2300]">
          Lv {level}
        </span>
        <span className="font-display text-[17px] text-ink">{name}</span>
      </div>
    </div>
  );
}
