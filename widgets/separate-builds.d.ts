// The ES module builds of Sortable and Leaflet, typed as their packages' main entries. The content editors import
// these, so that their copies are not shared with the images editor's and the public Nearby map's (the main entries):
// a module shared by two widgets splits into a chunk of its own, one more file (about 100 bytes gzip) on their pages.

declare module 'sortablejs/modular/sortable.core.esm.js' {
  import Sortable from 'sortablejs';
  export default Sortable;
}

declare module 'leaflet/dist/leaflet-src.esm.js' {
  export * from 'leaflet';
}
