// The one intake of uploaded pictures: it judges bytes by what they decode to, never by a declared type, and
// encodes each purpose as the site stores it (a 256 px square for avatars, at most 1920 px wide for artwork).
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { acceptImage, AVATAR_SIZE, IMAGE_RECIPES, RejectedImageError } from './image-intake.ts';

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#0f766e' } });

describe('acceptImage', () => {
  it('makes an avatar a square webp, whatever the source format', async () => {
    for (const bytes of [
      await picture(600, 400).png().toBuffer(),
      await picture(300, 500).jpeg().toBuffer(),
      await picture(64, 64).gif().toBuffer(),
    ]) {
      const image = await acceptImage(bytes, 'avatar');
      expect(image).toMatchObject({ format: 'webp', width: AVATAR_SIZE, height: AVATAR_SIZE });
      expect(await sharp(image.data).metadata()).toMatchObject({
        format: 'webp',
        width: AVATAR_SIZE,
      });
    }
  });

  it('keeps the shape of posters and backdrops, at most 1920 px wide and never enlarged', async () => {
    const wide = await acceptImage(await picture(2400, 1200).png().toBuffer(), 'backdrop');
    expect(wide).toMatchObject({ format: 'webp', width: 1920, height: 960 });
    const small = await acceptImage(await picture(400, 600).webp().toBuffer(), 'poster');
    expect(small).toMatchObject({ width: 400, height: 600 });
  });

  it('turns a photo upright by its EXIF orientation', async () => {
    const sideways = await picture(300, 100).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(await acceptImage(sideways, 'poster')).toMatchObject({ width: 100, height: 300 });
  });

  it('refuses what is not a JPEG, PNG, WebP or GIF, and what is too big', async () => {
    const notImages = [
      Buffer.from('just text'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      await picture(50, 50).tiff().toBuffer(),
      (await picture(50, 50).png().toBuffer()).subarray(0, 60),
      Buffer.alloc(0),
    ];
    for (const bytes of notImages)
      await expect(acceptImage(bytes, 'avatar')).rejects.toThrow(
        new RejectedImageError('Choose a JPEG, PNG, WebP or GIF image.'),
      );
    const tooBig = Buffer.alloc(IMAGE_RECIPES.avatar.maxBytes + 1, 1);
    await expect(acceptImage(tooBig, 'avatar')).rejects.toThrow(
      'The image must be 5 MB or smaller.',
    );
  });

  it('refuses a small file that declares a huge canvas', async () => {
    // 6400² is just over the avatar's 40 megapixels, in a few hundred kilobytes.
    const huge = await picture(6400, 6400).png({ compressionLevel: 9 }).toBuffer();
    expect(huge.length).toBeLessThan(IMAGE_RECIPES.avatar.maxBytes);
    await expect(acceptImage(huge, 'avatar')).rejects.toBeInstanceOf(RejectedImageError);
  });
});
