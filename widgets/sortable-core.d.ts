// Sortable's core build (no plugin mounted), typed as the package's main entry: the content editors import it so
// that their copy is not shared with the images editor's (a shared copy splits into a chunk of its own, one more
// file for the images editor's page).
declare module 'sortablejs/modular/sortable.core.esm.js' {
  import Sortable from 'sortablejs';
  export default Sortable;
}
