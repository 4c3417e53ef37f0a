import type Sharp from 'sharp';

/**
 * sharp, loaded with the first image it handles: libvips maps some 30 MB that a server answering from its
 * image cache never needs.
 */
export async function loadSharp(): Promise<typeof Sharp> {
  return (await import('sharp')).default;
}
