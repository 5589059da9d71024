// Pictures for the tests of uploads and resizing: one colour, any size, in the format asked for.
import sharp from 'sharp';

/** A `width`×`height` picture of one colour (alpha in `background` needs `channels: 4`), encoded as `format`. */
export function solidImage(
  format: 'png' | 'jpeg' | 'webp',
  width: number,
  height: number,
  background = '#000',
  channels: 3 | 4 = 3,
) {
  return sharp({ create: { width, height, channels, background } }).toFormat(format).toBuffer();
}
