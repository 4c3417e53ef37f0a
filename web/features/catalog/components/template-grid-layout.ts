/** The responsive template grid: 2 columns on a 360 px phone up to 6 on a wide desktop. */
export const gridClasses =
  'grid grid-cols-2 gap-x-3 gap-y-6 min-[480px]:grid-cols-3 sm:gap-x-4 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6';
