// The tests' xmllint (libxml2 compiled to WebAssembly by the xmllint-wasm package), kept running in one worker
// thread per test process: the WebAssembly is compiled once, and each check runs the xmllint program once, in a
// fresh instance with its own memory and files. Started by test/support/xmllint.ts, without the test process's
// TypeScript loader (a worker inherits the process's --import flags, and tsx's start-up cost more than xmllint's
// whole run); plain JavaScript for that reason.
const fs = require('node:fs');
const path = require('node:path');
const { parentPort } = require('node:worker_threads');

const PACKAGE_DIR = path.dirname(require.resolve('xmllint-wasm/package.json'));
// The Emscripten module factory of the package's own Node worker (the file also listens for the package's own
// messages, which never come here).
const createXmllint = require(path.join(PACKAGE_DIR, 'xmllint-node.js'));
const compiled = new WebAssembly.Module(fs.readFileSync(path.join(PACKAGE_DIR, 'xmllint.wasm')));

/** Runs `xmllint args` on the in-memory files; answers the exit code and what it printed. */
function run({ id, files, args, initialMemoryPages, maxMemoryPages }) {
  let stdout = '';
  let stderr = '';
  const answer = (exitCode) => parentPort.postMessage({ id, exitCode, stdout, stderr });
  createXmllint({
    inputFiles: files,
    arguments: args,
    print: (text) => (stdout += `${text}\n`),
    printErr: (text) => (stderr += `${text}\n`),
    onExit: answer,
    onAbort: (reason) => {
      stderr += `WASM Abort: ${reason}\n`;
      answer(-1);
    },
    wasmMemory: new WebAssembly.Memory({ initial: initialMemoryPages, maximum: maxMemoryPages }),
    instantiateWasm(imports, receiveInstance) {
      WebAssembly.instantiate(compiled, imports).then(
        (instance) => receiveInstance(instance, compiled),
        (error) => {
          stderr += `${error}\n`;
          answer(-1);
        },
      );
      return {};
    },
  });
}

parentPort.on('message', (message) => {
  if (message?.xmllintRequest === true) run(message);
});
