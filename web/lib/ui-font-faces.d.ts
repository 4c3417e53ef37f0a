/**
 * The faces of the app's own typefaces (fontsource's @font-face rules), made by the build's
 * `winc:ui-font-faces` plugin: each with its file's name (without `.woff2`) and built URL.
 */
declare module 'virtual:ui-font-faces' {
  const faces: readonly {
    family: string;
    file: string;
    url: string;
    descriptors: FontFaceDescriptors;
  }[];
  export default faces;
}
