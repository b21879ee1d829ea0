// The Revive extension: starts `revive lsp` over stdio for the YAML files of content packs and replay scripts.
// Everything the editor shows (problems, hover, completion, quick fixes, formatting) comes from the server.
"use strict";

const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const config = vscode.workspace.getConfiguration("revive");
  const [command, ...args] = config.get("command", ["revive", "lsp"]);
  const files = config.get("files", ["**/content/**/*.{yaml,yml}", "**/replays/**/*.{yaml,yml}", "**/pack.yaml"]);
  const serverOptions = { command, args };  // over stdio
  const clientOptions = {
    // only the project's YAML: a workflow or another tool's YAML is no pack file and gets no problems from it
    documentSelector: files.map((pattern) => ({ scheme: "file", language: "yaml", pattern })),
    outputChannelName: "Revive",
  };
  client = new LanguageClient("revive", "Revive", serverOptions, clientOptions);
  context.subscriptions.push(
    vscode.commands.registerCommand("revive.restart", () => client.restart()),
  );
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
