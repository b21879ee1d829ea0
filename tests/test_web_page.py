"""The replay page in a real browser: headless Chromium (Debian's ``chromium``), driven by Playwright for Python.

Playwright is pointed at the system's browser through its executable path (no browser download is possible or
wanted); it gives the page's console, its requests and keyboard input to the test. Each exported page is checked
against the engine: at several steps the pieces drawn (buildings, figures, tokens, cells and what they show) are
the state's, read from the replay in this process. Screenshots of a few steps are written for a person to look at,
into ``$REVIVE_SCREENSHOTS`` (default: ``screenshots/`` in pytest's temporary folder), with the drawing times.

Without Chromium or Playwright the tests are skipped with the reason; under CI (``CI`` set) they fail instead,
so CI always runs them (``.ci/run`` installs Debian's chromium first).
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

import pytest

from revive_dsl.replay import Replay, load_script
from revive_dsl.replay.hexmap import ground, map_cells
from revive_dsl.web.export import export_page

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted((ROOT / "replays" / "games").glob("*.yaml"))
TUTORIALS = sorted((ROOT / "replays" / "tutorials").glob("**/*.yaml"))  # the curriculum's chapters too
TIMES: dict[str, list[float]] = {}


def _browser_path() -> str | None:
    return os.environ.get("REVIVE_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")


def _missing(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{reason}; CI must run the browser tests (.ci/run installs Debian's chromium)")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def browser():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("Playwright for Python is not installed (pip install -e '.[test]')")
    path = _browser_path()
    if path is None:
        _missing("no Chromium found (apt-get install chromium, or set REVIVE_CHROMIUM)")
    with sync_playwright() as driver:
        found = driver.chromium.launch(executable_path=path, args=["--no-sandbox"])
        yield found
        found.close()


@pytest.fixture(scope="module")
def shots(tmp_path_factory) -> Path:
    """The screenshots' folder; at the end, the pages' drawing times (medians, not asserted) go beside them."""
    folder = Path(os.environ.get("REVIVE_SCREENSHOTS") or tmp_path_factory.getbasetemp() / "screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    yield folder
    lines = [f"{name}: median {statistics.median(t):.1f} ms, max {max(t):.1f} ms over {len(t)} draws"
             for name, t in sorted(TIMES.items()) if t]  # fmt: skip
    (folder / "draw-times.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")


class Page:
    """An exported page opened in the browser, with what it logged and asked for."""

    def __init__(self, browser, path: Path, step: int | None = None, width: int = 1400):
        self.page = browser.new_page(viewport={"width": width, "height": 1000})
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.url = path.as_uri()
        self.page.goto(self.url + ("" if step is None else f"#step={step}"))

    def step(self) -> int:
        return self.page.evaluate("window.revive.step")

    def drawn(self) -> dict:
        """What the board shows now: buildings, figures and tokens by space and player, and each cell's ground."""
        return self.page.evaluate(
            """() => ({
              buildings: [...document.querySelectorAll('#board .building')].map(
                  g => [g.dataset.space, Number(g.dataset.player), g.dataset.size]).sort(),
              figures: [...document.querySelectorAll('#board .figure')].map(
                  g => [g.dataset.space, Number(g.dataset.player)]).sort(),
              tokens: [...document.querySelectorAll('#board .token')].map(
                  g => [g.dataset.space, Number(g.dataset.player), g.dataset.token]).sort(),
              grounds: Object.fromEntries([...document.querySelectorAll('#board .cell:not(.elsewhere)')].map(
                  c => [c.dataset.key, c.dataset.ground])),
            })"""
        )

    def close(self) -> None:
        TIMES.setdefault(Path(self.url).name, []).extend(self.page.evaluate("window.revive.drawTimes"))
        self.page.close()


def expected(state, rules) -> dict:
    """What the board should show for an engine state."""
    data = state.to_dict()["board"]
    cells, large_cell, _middle = map_cells(rules)
    figures = sorted([space, seat] for space, seats in data["figures"].items() for seat in seats)
    tokens = []
    for space, token in data["tokens"].items():
        tokens.append([space, token["player"], token["token"]])
        tokens += [[space, t["player"], t["token"]] for t in (data.get("stacked_tokens") or {}).get(space, [])]
    return {
        "buildings": sorted([s, b["player"], b.get("size", "small")] for s, b in data["buildings"].items()),
        "figures": figures,
        "tokens": sorted(tokens),
        "grounds": {key: ground(rules, state, key, large_cell) or "" for key in cells.values()},
    }


@pytest.fixture(scope="module")
def exported(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("pages")
    out = {}
    for script in [*GAMES, *TUTORIALS]:
        out[script.name] = folder / f"{script.stem}.html"
        export_page(script, out[script.name])
    return out


@pytest.mark.parametrize("script", [*GAMES, *TUTORIALS], ids=lambda p: p.name)
def test_the_pieces_drawn_are_the_states_at_every_checked_step(browser, exported, shots, script):
    replay = Replay(load_script(script))
    states = [replay.game, *(result.after for result in replay.steps())]
    last = len(states) - 1
    page = Page(browser, exported[script.name])
    page.page.evaluate("window.revive.solveAll()")  # a tutorial's try-it steps: their moves shown as made
    try:
        for index in sorted({0, 1, last // 3, last // 2, 2 * last // 3, last}):
            page.page.evaluate(f"window.revive.go({index})")
            assert page.step() == index
            assert page.drawn() == expected(states[index], replay.rules), f"step {index}"
            shown = page.page.evaluate(f"window.revive.stateAt({index})")
            assert shown == json.loads(states[index].to_json()), f"the page's state at step {index}"
        for index in (0, last // 2, last):
            page.page.evaluate(f"window.revive.go({index})")
            page.page.screenshot(path=str(shots / f"{script.stem}-step-{index}.png"))
        assert page.errors == [] and page.requests == [page.url]
    finally:
        page.close()


def test_keys_buttons_the_slider_the_move_list_and_the_url_navigate(browser, exported):
    path = exported["2p-nadair-ox49.yaml"]
    page = Page(browser, path, step=12)
    p = page.page
    try:
        assert page.step() == 12 and p.text_content("#where") == f"step 12 of {p.evaluate('window.revive.count')}"
        p.keyboard.press("ArrowRight")
        assert page.step() == 13 and p.evaluate("location.hash") == "#step=13"
        p.keyboard.press("ArrowLeft")
        p.keyboard.press("ArrowLeft")
        assert page.step() == 11
        p.keyboard.press("End")
        count = p.evaluate("window.revive.count")
        assert page.step() == count and "Final scores" in p.text_content("#players-pane")
        p.keyboard.press("Home")
        assert page.step() == 0 and p.text_content("#step-title") == "Set up"
        p.click("#next")
        assert page.step() == 1 and p.text_content("#step-title").startswith("Step 1 · Ann: ")
        p.click("#last")
        assert page.step() == count
        p.click("#prev")
        p.click("#first")
        assert page.step() == 0
        p.fill("#slider", "7")
        assert page.step() == 7
        p.click("#moves li[data-step='5']")
        assert page.step() == 5 and "current" in p.get_attribute("#moves li[data-step='5']", "class")
        p.evaluate("location.hash = '#step=9'")
        p.wait_for_function("window.revive.step === 9")
        assert page.errors == [] and page.requests == [page.url]
    finally:
        page.close()


def test_a_step_shows_its_move_account_decisions_note_and_the_fields_it_changed(browser, exported):
    replay = Replay(load_script(GAMES[0]))
    page = Page(browser, exported[GAMES[0].name], step=5)
    try:
        results = list(replay.steps(to=5))
        fifth = results[-1]
        p = page.page
        assert p.text_content("#step-title") == f"Step 5 · {fifth.step.move.player}: {fifth.step.text.split(' ', 1)[1]}"
        prompts = p.eval_on_selector_all("#decisions tr td:first-child", "cells => cells.map(c => c.textContent)")
        assert prompts == [f"{prompt}:" for prompt, _ in fifth.decisions]
        changed = p.eval_on_selector_all(".player .rows dt.changed", "cells => cells.map(c => c.textContent)")
        assert changed, "the mover's changed rows are marked"
        assert p.locator("#board .cell.changed, #board .piece.changed").count() > 0
    finally:
        page.close()


def test_a_try_it_step_accepts_the_lessons_move_and_explains_another(browser, exported, shots):
    script = load_script(ROOT / "replays" / "tutorials" / "intro.yaml")
    replay = Replay(script)
    first = next(step for step in script.steps if step.try_it)
    states = [replay.game, *(result.after for result in replay.steps())]
    page = Page(browser, exported["intro.yaml"], step=first.index)
    p = page.page
    try:
        assert p.text_content("#step-title") == f"Step {first.index} · Ann: your move"
        assert p.text_content(f"#moves li[data-step='{first.index}']") == "Ann: your move"  # not given away
        assert page.drawn() == expected(states[first.index - 1], replay.rules)  # the state before the move
        keys = [first.move.verb, *(a.key for a in first.move.answers)]
        wrong = next(k for k in p.eval_on_selector_all("#tutorial .choices button:not(.refused)",
                                                       "bs => bs.map(b => b.dataset.key)") if k != keys[0])  # fmt: skip
        p.click(f"#tutorial button[data-key='{wrong}']")
        assert "not the move this lesson makes here" in p.text_content("#tutorial .verdict")
        refused = p.locator("#tutorial button.refused")
        if refused.count():
            refused.first.click()
            assert p.text_content("#tutorial .verdict").startswith("That move cannot be made now: ")
        p.screenshot(path=str(shots / "intro-try-it.png"))
        for key in keys:
            p.click(f"#tutorial button[data-key='{key}']")
        assert p.text_content("#tutorial") == "Well done: that is the move."
        assert p.text_content("#step-title") == f"Step {first.index} · Ann: {first.text.split(' ', 1)[1]}"
        assert page.drawn() == expected(states[first.index], replay.rules)
        p.keyboard.press("ArrowRight")
        p.keyboard.press("ArrowLeft")
        assert p.text_content("#step-title").endswith(first.text.split(" ", 1)[1])  # solved stays solved
        assert page.errors == [] and page.requests == [page.url]
    finally:
        page.close()


def test_text_from_a_script_is_shown_as_text_never_run(browser, tmp_path):
    script = tmp_path / "hostile.yaml"
    script.write_text(
        "format: 4\ntitle: '</script><script>window.hacked=1</script><img src=x onerror=window.hacked=2>'\n"
        "packs: [base]\nplayers: [{name: Ann, tribe: nadair, side: sun}]\nsetup: {seed: 2}\n"
        'steps:\n  - move: Ann switch food\n    note: "<b onmouseover=alert(1)>bold</b> \\e]52;c;ZXZpbA==\\a"\n',
        encoding="utf-8",
    )
    out = tmp_path / "hostile.html"
    export_page(script, out)
    page = Page(browser, out, step=1)
    try:
        p = page.page
        assert p.evaluate("window.hacked") is None
        assert p.text_content("#title").startswith("</script><script>")
        assert p.text_content("#note").startswith("<b onmouseover=alert(1)>bold</b>")
        assert p.locator("#note b").count() == 0
        assert page.errors == [] and page.requests == [page.url]
    finally:
        page.close()


def test_a_third_party_packs_game_is_drawn_without_an_error(browser, tmp_path, shots):
    out = tmp_path / "dive.html"
    run = subprocess.run(
        [sys.executable, str(ROOT / "tests" / "example_expansion" / "run.py"), "page", str(out)],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    found = json.loads(run.stdout)
    page = Page(browser, out, step=found["steps"])
    try:
        assert page.step() == found["steps"]
        assert page.page.evaluate(f"window.revive.stateAt({found['steps']})") == found["states"][-1]
        assert "pearls" in page.page.text_content("#players-pane")  # the pack's own state, shown by its name
        page.page.screenshot(path=str(shots / "example-expansion-last.png"))
        assert page.errors == [] and page.requests == [page.url]
    finally:
        page.close()


def test_a_data_only_packs_counters_are_rows_of_the_players_boards_and_of_the_table(browser, tmp_path, shots):
    script = ROOT / "tests" / "example_expansion" / "emberfall" / "scripts" / "forge.yaml"
    export_page(script, tmp_path / "forge.html")
    replay = Replay(load_script(script))
    replay.run()
    last = len(replay.script.steps)
    page = Page(browser, tmp_path / "forge.html", step=last)
    try:
        p = page.page
        assert page.step() == last
        assert p.evaluate(f"window.revive.stateAt({last})") == replay.game.to_dict()
        ann = p.locator("#players-pane article[data-player='0'] dl")
        rows = dict(zip(ann.locator("dt").all_text_contents(), ann.locator("dd").all_text_contents(), strict=True))
        assert rows["heat"] == "0 (0\u20135)" and rows["banked ember"] == "2 (0\u201320)"
        table = p.locator("#supply-pane dl")
        rows = dict(zip(table.locator("dt").all_text_contents(), table.locator("dd").all_text_contents(), strict=True))
        assert rows["ash"] == "1 (0\u201310)"
        page.page.screenshot(path=str(shots / "emberfall-last.png"))
        assert page.errors == [] and page.requests == [page.url]
    finally:
        page.close()


def test_a_data_only_packs_tribe_tile_large_location_and_final_scores_are_drawn(browser, tmp_path, shots):
    script = ROOT / "tests" / "example_expansion" / "emberfall" / "scripts" / "tribe.yaml"
    export_page(script, tmp_path / "tribe.html")
    replay = Replay(load_script(script))
    states = [replay.game, *(result.after for result in replay.steps())]
    last = len(states) - 1
    page = Page(browser, tmp_path / "tribe.html", step=0)
    try:
        p = page.page
        for index, state in enumerate(states):  # the pack's area tile face up, the buildings, the figure
            p.evaluate(f"window.revive.go({index})")
            assert page.drawn() == expected(state, replay.rules), f"step {index}"
            assert p.evaluate(f"window.revive.stateAt({index})") == json.loads(state.to_json()), f"step {index}"
        assert page.drawn()["grounds"]["2,-3"] == "sand" and page.drawn()["grounds"]["2,-4"] == "water"
        assert p.text_content("#players-pane article[data-player='0'] h3").endswith("Ann \u2014 Forgers (sun)")
        ann = p.locator("#players-pane article[data-player='0'] dl")
        rows = dict(zip(ann.locator("dt").all_text_contents(), ann.locator("dd").all_text_contents(), strict=True))
        assert rows["heat"] == "3 (0\u20135)" and rows["banked ember"] == "1 (0\u201320)"
        assert "corner_nw: Ember large location" in p.text_content("#large")
        table = p.locator("#players-pane table.score tr")
        shown = [row.locator("td").all_text_contents() for row in table.all()[1:]]
        sheets = states[last].turn.final_scores  # the pack's lines are in each total
        assert shown == [[name, *(str(sheet[k]) for k in ("blue", "purple", "total"))]
                         for name, sheet in zip(("Ann", "Bob"), sheets, strict=True)]  # fmt: skip
        page.page.screenshot(path=str(shots / "emberfall-tribe-last.png"))
        assert page.errors == [] and page.requests == [page.url]
    finally:
        page.close()


def test_pieces_are_drawn_with_their_packages_glyphs_or_a_default_one_with_their_name(browser, exported, tmp_path):
    page = Page(browser, exported["abyss-4p-gates-circadian-gadgets-leech.yaml"], step=200)
    try:  # the expansion's gate and lake come from its package's glyphs.yaml
        p = page.page
        assert p.text_content("#board .token[data-token='gate'] text") == "="
        assert p.get_attribute("#board .cell[data-ground='lake']", "style") == "fill: rgb(47, 111, 176);"
    finally:
        page.close()
    script = tmp_path / "beacon.yaml"
    script.write_text(
        "format: 4\npacks: [base]\nplayers: [{name: Ann, tribe: nadair, side: sun}]\nsetup:\n  seed: 2\n"
        "  state: {board: {tokens: {'2,0': {player: Ann, token: beacon}}}}\nsteps: [Ann switch food]\n",
        encoding="utf-8",
    )
    export_page(script, tmp_path / "beacon.html")
    page = Page(browser, tmp_path / "beacon.html", step=1)
    try:  # a kind no package describes: a default sign, and its own name on hover
        p = page.page
        assert p.text_content("#board .token[data-token='beacon'] text") == "!"
        assert p.text_content("#board .token[data-token='beacon'] title") == "Ann's beacon on 2,0"
        assert page.errors == []
    finally:
        page.close()


def test_the_page_fits_a_phone_and_draws_in_the_dark(browser, exported, shots):
    page = Page(browser, exported["intro.yaml"], step=3, width=390)
    try:
        p = page.page
        assert p.evaluate("document.documentElement.scrollWidth") <= 390
        p.emulate_media(color_scheme="dark")
        p.screenshot(path=str(shots / "intro-phone-dark.png"), full_page=False)
        assert page.errors == []
    finally:
        page.close()
