import sharp from 'sharp';

/**
 * A photo-like image (noise over grey, colour boosted), which compresses and decodes like a camera's photo,
 * not like a flat colour: JPEG as a phone takes it, or WebP as the app stores it.
 */
export async function photoLike(width: number, height: number, format: 'jpeg' | 'webp'): Promise<Buffer> {
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();
  const colourful = sharp(noise).modulate({ saturation: 1.4 });
  return format === 'jpeg'
    ? colourful.jpeg({ quality: 85 }).toBuffer()
    : colourful.webp({ quality: 80 }).toBuffer();
}
