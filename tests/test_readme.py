"""The README's examples are real: its script example replays, its replay API example runs."""

from __future__ import annotations

import re
from pathlib import Path

from revive_dsl.replay import Replay, load_script_text

README = Path(__file__).resolve().parent.parent / "README.md"


def _blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.S)


def test_the_readme_script_example_replays_with_its_expectations():
    [script] = [b for b in _blocks("yaml") if "\nsteps:" in b]
    replay = Replay(load_script_text(script, "README.md"))
    replay.run()  # a failed expect: raises ReplayError
    assert replay.finished and replay.game.players[1].points == 2


def test_the_readme_replay_api_example_runs(monkeypatch, capsys):
    [code] = [b for b in _blocks("python") if "from revive_dsl.replay import" in b]
    monkeypatch.chdir(README.parent)
    exec(compile(code, "README.md", "exec"), {})
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith("1 Ann ")
    assert "'gear'" in out.splitlines()[-1]


# The Neovim settings of "Editors: the language server", by the comment opening each: what each must hold (its
# whitespace aside) to start `revive lsp` for YAML, rooted at the pack or the checkout, on the versions it names.
# No Lua parser is installed with the project's tools, so each is checked for these pieces and for its brackets
# and blocks closing.
NEOVIM = {
    "Neovim 0.11+": [
        'vim.lsp.config("revive", {cmd = {"revive", "lsp"}, filetypes = {"yaml"},',
        'root_markers = {"pack.yaml", ".git"}})',
        'vim.lsp.enable("revive")',
    ],
    "Neovim 0.8 to 0.10": [
        'vim.api.nvim_create_autocmd("FileType", { pattern = "yaml",',
        'vim.fs.find({"pack.yaml", ".git"}, {upward = true,',
        "vim.lsp.start({",
        'cmd = {"revive", "lsp"},',
        "root_dir = marker and vim.fs.dirname(marker)",
    ],
    "Neovim 0.7+ with nvim-lspconfig": [
        'configs.revive = { default_config = { cmd = {"revive", "lsp"}, filetypes = {"yaml"},',
        'root_dir = util.root_pattern("pack.yaml", ".git"),',
        'require("lspconfig").revive.setup({})',
    ],
}
# what a version's form must not call: the API of a later Neovim than it is for
NEWER = {"Neovim 0.8 to 0.10": ["vim.lsp.config", "vim.lsp.enable"], "Neovim 0.7+ with nvim-lspconfig": ["vim.lsp."]}


def _neovim() -> dict[str, str]:
    """The README's Lua snippets by their opening comment (``-- Neovim 0.11+`` -> ``Neovim 0.11+``)."""
    return {code.strip().splitlines()[0].removeprefix("--").strip(): code for code in _blocks("lua")}


def _squeezed(code: str) -> str:
    return re.sub(r"\s+", " ", code)


def test_the_readme_gives_neovim_settings_for_0_7_to_0_11_each_with_the_command_filetypes_and_root():
    found = _neovim()
    assert set(found) == set(NEOVIM)
    for version, pieces in NEOVIM.items():
        code = _squeezed(found[version])
        assert [p for p in pieces if _squeezed(p) not in code] == [], version
        assert [call for call in NEWER.get(version, []) if call in code] == [], version


_LUA_NOISE = re.compile(r"--[^\n]*|\"(?:\\.|[^\"\\\n])*\"|'(?:\\.|[^'\\\n])*'")  # a comment, a string


def _lua_skeleton(code: str) -> str:
    """Lua code without its comments and strings (each string left as ``""``)."""
    return _LUA_NOISE.sub(lambda m: "" if m[0].startswith("--") else '""', code)


def _closes(code: str) -> bool:
    """Whether every bracket of a Lua text closes in order and every block (``function``, ``if``, ``do``) has its
    ``end``."""
    bare = _lua_skeleton(code)
    stack: list[str] = []
    for char in re.findall(r"[(){}\[\]]", bare):
        if char in "({[":
            stack.append({"(": ")", "{": "}", "[": "]"}[char])
        elif not stack or stack.pop() != char:
            return False
    words = re.findall(r"[A-Za-z_]\w*", bare)
    opened = sum(words.count(w) for w in ("function", "if", "do"))
    return not stack and opened == words.count("end")


def test_the_readme_lua_snippets_close_their_brackets_and_blocks():
    assert _closes('f({a = "(", b = function() end})') and not _closes("if x then f(")
    assert not _closes("function() end end")
    for version, code in _neovim().items():
        assert _closes(code), version
