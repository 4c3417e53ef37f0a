import { writeFile } from 'node:fs/promises';
import sharp from 'sharp';

/** The fake camera's picture size: what a laptop's front camera gives. */
const WIDTH = 640;
const HEIGHT = 480;

/** A photo placed on the camera's picture: a region of it, scaled to `size` pixels wide, centred. */
export interface CameraScene {
  photo: string;
  region: { left: number; top: number; width: number; height: number };
  size: number;
  /** 1 keeps the light as it is; below 1 darkens, as a room is darker than a studio. */
  brightness?: number;
}

/** BT.601 full-range RGB → YUV 4:2:0 planes, as a Y4M `C420jpeg` frame holds them. */
function toI420(rgb: Buffer): Buffer {
  const luma = Buffer.alloc(WIDTH * HEIGHT);
  const chroma = (WIDTH / 2) * (HEIGHT / 2);
  const u = Buffer.alloc(chroma);
  const v = Buffer.alloc(chroma);
  const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)));
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const i = (y * WIDTH + x) * 3;
      luma[y * WIDTH + x] = clamp(0.299 * rgb[i]! + 0.587 * rgb[i + 1]! + 0.114 * rgb[i + 2]!);
    }
  }
  for (let y = 0; y < HEIGHT; y += 2) {
    for (let x = 0; x < WIDTH; x += 2) {
      const i = (y * WIDTH + x) * 3;
      const [r, g, b] = [rgb[i]!, rgb[i + 1]!, rgb[i + 2]!];
      const j = (y / 2) * (WIDTH / 2) + x / 2;
      u[j] = clamp(128 - 0.168736 * r - 0.331264 * g + 0.5 * b);
      v[j] = clamp(128 + 0.5 * r - 0.418688 * g - 0.081312 * b);
    }
  }
  return Buffer.concat([luma, u, v]);
}

/**
 * Writes a Y4M clip for Chromium's fake camera (`--use-file-for-fake-video-capture`), which plays it in a
 * loop: the scene's photo on a plain wall, or (null) the wall alone — a camera that sees no face.
 */
export async function writeFakeCameraClip(file: string, scene: CameraScene | null): Promise<void> {
  const wall = { r: 196, g: 188, b: 178 };
  let canvas = sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: wall } });
  if (scene) {
    const { region, size, brightness = 1 } = scene;
    const placed = await sharp(scene.photo)
      .extract(region)
      .resize({ width: size })
      .modulate({ brightness })
      .removeAlpha()
      .toColourspace('srgb')
      .toBuffer({ resolveWithObject: true });
    canvas = sharp(
      await canvas
        .composite([
          {
            input: placed.data,
            left: Math.round((WIDTH - placed.info.width) / 2),
            top: Math.max(0, Math.round((HEIGHT - placed.info.height) / 2)),
          },
        ])
        .png()
        .toBuffer(),
    );
  }
  const rgb = await canvas.removeAlpha().raw().toBuffer();
  const frame = toI420(rgb);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F15:1 Ip A1:1 C420jpeg\n`);
  const marker = Buffer.from('FRAME\n');
  await writeFile(file, Buffer.concat([header, marker, frame, marker, frame]));
}
