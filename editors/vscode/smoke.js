// A smoke test of extension.js outside the editor (`npm install && node smoke.js`, with `revive` on the PATH):
// a stand-in for the editor's `vscode` module, then activate, wait for the server's answer to `initialize`,
// and stop. It shows that the extension starts `revive lsp` and that the two speak; it is no test of the editor.
"use strict";

const Module = require("module");

// Every name of the stand-in is a callable, constructible object returning more of itself, but for the few
// plain values the language client reads; messages and the output channel's lines are printed.
function standIn(name) {
  const plain = {
    version: "1.90.0",
    appName: "Visual Studio Code",
    language: "en",
    uiKind: 1,
    workspaceFolders: undefined,
    rootPath: undefined,
    workspaceFile: undefined,
    textDocuments: [],
  };
  const fn = function () {};
  return new Proxy(fn, {
    get(target, prop) {
      if (prop === "then") return undefined;
      if (prop === "prototype") return fn.prototype;
      if (prop === "get") return (key, fallback) => fallback;
      if (prop in plain) return plain[prop];
      if (!(prop in target)) target[prop] = standIn(`${name}.${String(prop)}`);
      return target[prop];
    },
    apply(target, self, args) {
      if (/Message$|appendLine$|append$/.test(name)) {
        console.log(...args.map(String));
        return Promise.resolve(undefined);
      }
      return standIn(`${name}()`);
    },
    construct() {
      return standIn(`new ${name}`);
    },
  });
}

const vscode = standIn("vscode");
const load = Module._load;
Module._load = function (request, ...rest) {
  return request === "vscode" ? vscode : load.call(this, request, ...rest);
};

const extension = require("./extension.js");
setTimeout(() => {
  console.log("no answer from the server in 30 s");
  process.exit(1);
}, 30000);
Promise.resolve(extension.activate({ subscriptions: [] }))
  .then(() => console.log("the server answered initialize"))
  .then(() => extension.deactivate())
  .then(
    () => {
      console.log("stopped");
      process.exit(0);
    },
    (err) => {
      console.log("failed:", err && err.message);
      process.exit(1);
    },
  );
