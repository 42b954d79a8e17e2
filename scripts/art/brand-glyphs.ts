/*
 * Hand-drawn vector pieces in the same 32x32 grid as the Fluent Emoji, so cards can mix them
 * with emoji: the Titans coin, the Stars currency star, the energy bolt, and badges for the
 * community tasks (a paper plane, an X mark, a play button). Written for this project.
 */

const STAR_POINTS = (() => {
  const points: string[] = [];
  for (let index = 0; index < 10; index++) {
    const radius = index % 2 === 0 ? 14.6 : 6.6;
    const angle = ((-90 + index * 36) * Math.PI) / 180;
    points.push(
      `${(16 + radius * Math.cos(angle)).toFixed(2)} ${(17 + radius * Math.sin(angle)).toFixed(2)}`,
    );
  }
  return `M${points.join('L')}Z`;
})();

export const BRAND_GLYPHS: Record<string, string> = {
  'titans-coin':
    '<defs>' +
    '<radialGradient id="coinFace" cx="40%" cy="32%" r="75%"><stop offset="0" stop-color="#fff6c4"/><stop offset=".35" stop-color="#ffd54a"/><stop offset=".8" stop-color="#f0a20c"/><stop offset="1" stop-color="#c77406"/></radialGradient>' +
    '<linearGradient id="coinRim" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffe27a"/><stop offset=".5" stop-color="#d98a0b"/><stop offset="1" stop-color="#8a4a04"/></linearGradient>' +
    '<linearGradient id="coinT" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fffbe6"/><stop offset="1" stop-color="#ffd866"/></linearGradient>' +
    '</defs>' +
    '<circle cx="16" cy="16.6" r="14.6" fill="#6b3603"/>' +
    '<circle cx="16" cy="16" r="14.6" fill="url(#coinRim)"/>' +
    '<circle cx="16" cy="16" r="11.9" fill="url(#coinFace)"/>' +
    '<circle cx="16" cy="16" r="10.3" fill="none" stroke="#b86a05" stroke-opacity=".55" stroke-width=".7" stroke-dasharray="1.2 1.1"/>' +
    '<path d="M9.6 9.4h12.8v3.9h-4.3v10.4h-4.2V13.3H9.6z" fill="#a35a04" transform="translate(.5 .8)"/>' +
    '<path d="M9.6 9.4h12.8v3.9h-4.3v10.4h-4.2V13.3H9.6z" fill="url(#coinT)" stroke="#c27206" stroke-width=".5"/>' +
    '<path d="M7.4 11.5a10 10 0 0 1 6.8-6.4" stroke="#fff" stroke-opacity=".8" stroke-width="1.3" stroke-linecap="round" fill="none"/>',

  'titans-star':
    '<defs>' +
    '<radialGradient id="starFill" cx="42%" cy="35%" r="70%"><stop offset="0" stop-color="#fff8d1"/><stop offset=".35" stop-color="#ffd23f"/><stop offset=".8" stop-color="#f59e0b"/><stop offset="1" stop-color="#d9610b"/></radialGradient>' +
    '<linearGradient id="starEdge" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#c084fc"/><stop offset="1" stop-color="#6d28d9"/></linearGradient>' +
    '</defs>' +
    `<path d="${STAR_POINTS}" fill="#4c1d95" transform="translate(0 .9)" stroke="#4c1d95" stroke-width="3" stroke-linejoin="round"/>` +
    `<path d="${STAR_POINTS}" fill="url(#starFill)" stroke="url(#starEdge)" stroke-width="2.4" stroke-linejoin="round"/>` +
    '<path d="M16 6.5l-2.2 5.1" stroke="#fff" stroke-opacity=".85" stroke-width="1.3" stroke-linecap="round"/>' +
    '<circle cx="12.6" cy="13.7" r="1" fill="#fff" fill-opacity=".9"/>',

  'titans-bolt':
    '<defs>' +
    '<linearGradient id="boltFill" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fffbd0"/><stop offset=".4" stop-color="#ffe14d"/><stop offset="1" stop-color="#ff9f0a"/></linearGradient>' +
    '</defs>' +
    '<path d="M18.6 2.2L6.4 17.9h7.8l-2.6 11.9L25.6 13h-8.1z" fill="#8a3b00" transform="translate(.4 .9)" stroke="#8a3b00" stroke-width="1.6" stroke-linejoin="round"/>' +
    '<path d="M18.6 2.2L6.4 17.9h7.8l-2.6 11.9L25.6 13h-8.1z" fill="url(#boltFill)" stroke="#d46b00" stroke-width="1.2" stroke-linejoin="round"/>' +
    '<path d="M16.8 5.6L10 14.6" stroke="#fff" stroke-opacity=".85" stroke-width="1.2" stroke-linecap="round"/>',

  'speed-lines':
    '<defs><linearGradient id="speed" gradientUnits="userSpaceOnUse" x1="2" y1="0" x2="30" y2="0"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#fff"/></linearGradient></defs>' +
    '<path d="M3 9.5h22" stroke="url(#speed)" stroke-width="2.4" stroke-linecap="round"/>' +
    '<path d="M7 16h23" stroke="url(#speed)" stroke-width="3" stroke-linecap="round"/>' +
    '<path d="M3 22.5h20" stroke="url(#speed)" stroke-width="2.4" stroke-linecap="round"/>',

  'paper-plane':
    '<defs>' +
    '<linearGradient id="planeBg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5ec6ff"/><stop offset="1" stop-color="#1d8ee0"/></linearGradient>' +
    '</defs>' +
    '<circle cx="16" cy="16.5" r="14.5" fill="#0d5f9e"/>' +
    '<circle cx="16" cy="16" r="14.5" fill="url(#planeBg)"/>' +
    '<path d="M6.6 15.4l17.2-6.8c.8-.3 1.5.4 1.3 1.2l-2.9 13.7c-.2.9-1.2 1.2-1.9.7l-4.4-3.3-2.3 2.2c-.3.3-.8.1-.8-.3l.1-3.6 8.4-7.6-10.4 6.5-4.3-1.4c-.8-.3-.8-1.3 0-1.6z" fill="#fff"/>' +
    '<path d="M7.5 9.5a10 10 0 0 1 6-4" stroke="#fff" stroke-opacity=".6" stroke-width="1.2" stroke-linecap="round" fill="none"/>',

  'x-mark':
    '<defs><linearGradient id="xBg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3a3a44"/><stop offset="1" stop-color="#0b0b10"/></linearGradient></defs>' +
    '<rect x="2" y="2.6" width="28" height="28" rx="7" fill="#000"/>' +
    '<rect x="2" y="2" width="28" height="28" rx="7" fill="url(#xBg)"/>' +
    '<path d="M8.4 8.2h4.9l10.3 15.6h-4.9z" fill="#fff"/>' +
    '<path d="M22.6 8.2h2L9.7 23.8h-2.1z" fill="#fff"/>',

  'play-button':
    '<defs><linearGradient id="playBg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ff5a5a"/><stop offset="1" stop-color="#d90f1c"/></linearGradient></defs>' +
    '<rect x="2" y="7.6" width="28" height="20" rx="6" fill="#7a0610"/>' +
    '<rect x="2" y="6.6" width="28" height="20" rx="6" fill="url(#playBg)"/>' +
    '<path d="M13 11.6v10l8.6-5z" fill="#fff"/>' +
    '<path d="M5.2 10.2a4 4 0 0 1 3.2-2" stroke="#fff" stroke-opacity=".6" stroke-width="1.1" stroke-linecap="round" fill="none"/>',
};
