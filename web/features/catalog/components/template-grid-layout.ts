/** The responsive template grid: 2 columns on a 360 px phone up to 6 on a wide desktop. */
export const gridClasses =
  'grid grid-cols-2 gap-x-3 gap-y-6 min-[480px]:grid-cols-3 sm:gap-x-4 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6';

/** How wide a grid's pictures are shown, column by column as `gridClasses` lays them out (`sizes`). */
export const GRID_PICTURE_SIZES =
  '(min-width: 1280px) 200px, (min-width: 1024px) 20vw, (min-width: 768px) 25vw, (min-width: 480px) 33vw, 50vw';
