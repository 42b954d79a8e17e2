import { DEFAULT_BACKGROUND_PICTURE, DEFAULT_BACKGROUND_URL } from '@titans/shared/constants';

/**
 * The picture to draw for a background URL. The API keeps the spec's default, `/background.png`
 * (what a player's `background_image` says); the app draws the compressed WebP of the same
 * picture instead (decisions: D-WEB-14).
 */
export function backgroundPicture(url: string | null | undefined): string {
  return !url || url === DEFAULT_BACKGROUND_URL ? DEFAULT_BACKGROUND_PICTURE : url;
}
