// Loads React's production build into each test worker before any test file imports the app. React picks its build
// from process.env.NODE_ENV once, when first loaded; a test worker has none, so server rendering ran the development
// build, which records a stack trace for every element (a fifth of a page-heavy test's CPU time). The app's own
// mode comes from its config (NODE_ENV=test in test/support/test-server.ts), never from process.env, so only React
// changes: the same HTML, without development-only warnings that no test reads. Widgets in the browser already run
// React's production build (scripts/build.ts).
const REACT_ENTRY_POINTS = ['react', 'react/jsx-runtime', 'react/jsx-dev-runtime', 'react-dom', 'react-dom/server'];

const before = process.env.NODE_ENV;
process.env.NODE_ENV = 'production';
try {
  // All of them now: a React entry point first loaded later would get the development build and mix the two.
  for (const entryPoint of REACT_ENTRY_POINTS) require(entryPoint);
} finally {
  if (before === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = before;
}
