"""The replay page read by a person, in headless Chromium (see ``tests/test_web_page.py``): a jump keeps the board
in view, the move list's lines stay in their column, notes render their Markdown, a try-it step asks before it
explains, an answer points at its place on the board, the board has a key and reads on a phone, a pack's own
rows and score lines are shown as the terminal shows them, and ``--export html`` prints one line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from revive_dsl.replay import load_script
from revive_dsl.web.export import export_page
from tests.test_web_page import Page, browser  # noqa: F401 (the browser fixture)

ROOT = Path(__file__).resolve().parent.parent
LONG_GAME = ROOT / "replays" / "games" / "abyss-4p-gates-circadian-gadgets-leech.yaml"
INTRO = ROOT / "replays" / "tutorials" / "intro.yaml"
BOXES = "sel => [...document.querySelectorAll(sel)].map(e => { const b = e.getBoundingClientRect(); " \
        "return [b.left, b.top, b.right, b.bottom]; })"  # fmt: skip


def _overlap(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("reading")
    out = {}
    for script in (LONG_GAME, INTRO, ROOT / "replays" / "games" / "2p-nadair-ox49.yaml"):
        out[script.name] = folder / f"{script.stem}.html"
        export_page(script, out[script.name])
    return out


def _open(browser, path: Path, step: int | None = None, width: int = 1280, height: int = 800) -> Page:  # noqa: F811
    page = Page(browser, path, step=step, width=width)
    page.page.set_viewport_size({"width": width, "height": height})
    return page


def test_a_jump_to_a_step_keeps_the_board_in_view(browser, pages):  # noqa: F811
    page = _open(browser, pages[LONG_GAME.name], step=0)
    p = page.page
    try:
        p.click("#moves li[data-step='3']")  # the list as a person reaches it, then jumps from it
        for jump in ("End", "Home"):
            p.keyboard.press(jump)
            p.evaluate("window.revive.go(300)")
            board = p.locator("#board").bounding_box()
            assert board["y"] < 800 and board["y"] + board["height"] > 0, f"the board is out of view after {jump}"
            assert p.evaluate("window.revive.step") == 300
            item = p.locator("#moves li[data-step='300']").bounding_box()
            moves = p.locator("#moves").bounding_box()  # the list scrolled to the step's line
            assert moves["y"] <= item["y"] and item["y"] + item["height"] <= moves["y"] + moves["height"] + 1
        assert page.errors == []
    finally:
        page.close()


def test_long_move_lines_wrap_inside_their_column(browser, pages):  # noqa: F811
    page = _open(browser, pages[LONG_GAME.name], step=0)
    p = page.page
    try:  # each line's box, with its number, beside no other line's and off the board's column
        boxes = p.evaluate(
            """() => [...document.querySelectorAll('#moves li')].map((li, n) => {
                 const b = li.getBoundingClientRect();
                 const style = getComputedStyle(li);
                 let number = 0;  // a number drawn outside the box (a list marker) is measured into it
                 if (style.listStyleType !== 'none' && style.listStylePosition === 'outside') {
                   const ctx = document.createElement('canvas').getContext('2d');
                   ctx.font = style.font;
                   number = ctx.measureText(`${n}. `).width;
                 }
                 return [b.left - number, b.top, b.right, b.bottom];
               })"""
        )
        board = p.evaluate(BOXES, "#board-pane")[0]
        columns = sorted({round(box[2]) for box in boxes})
        for i, box in enumerate(boxes):
            assert not _overlap(box, board), f"move line {i} overlaps the board"
            others = [other for other in boxes if round(other[2]) != round(box[2])]  # the neighbouring columns
            assert not any(_overlap(box, other) for other in others), f"move line {i} overlaps the next column"
        assert len(columns) == 1
        long = max(range(len(boxes)), key=lambda i: len(p.text_content(f"#moves li[data-step='{i}']")))
        assert boxes[long][3] - boxes[long][1] > 25  # the longest line wraps onto a second line
    finally:
        page.close()


def test_a_notes_emphasis_and_code_render_and_anything_else_stays_text(browser, tmp_path):  # noqa: F811
    script = tmp_path / "marks.yaml"
    script.write_text(
        "format: 4\npacks: [base]\nplayers: [{name: Ann, tribe: nadair, side: sun}]\nsetup: {seed: 2}\n"
        "steps:\n  - move: Ann switch food\n"
        '    note: "A *soft* word, **strong**, `switch food` and 2 * 3 * 4; <i onclick=alert(1)>x</i>"\n',
        encoding="utf-8",
    )
    export_page(script, tmp_path / "marks.html")
    page = _open(browser, tmp_path / "marks.html", step=1)
    p = page.page
    try:
        assert p.locator("#note em").all_text_contents() == ["soft"]
        assert p.locator("#note strong").all_text_contents() == ["strong"]
        assert p.locator("#note code").all_text_contents() == ["switch food"]
        assert p.locator("#note i").count() == 0
        assert p.text_content("#note") == "A soft word, strong, switch food and 2 * 3 * 4; <i onclick=alert(1)>x</i>"
        assert page.errors == []
    finally:
        page.close()


def test_a_try_it_step_asks_first_explains_after_and_offers_a_hint(browser, pages):  # noqa: F811
    first = next(step for step in load_script(INTRO).steps if step.try_it)
    page = _open(browser, pages[INTRO.name], step=first.index)
    p = page.page
    try:
        task = p.text_content("#note")
        assert task == "Your move: the slot symbol."
        assert all(answer.key not in task for answer in first.move.answers)  # the move is not given away
        assert p.text_content("#tutorial .verdict") == ""
        p.click("#tutorial #hint")  # before any mistake
        assert p.text_content("#tutorial .verdict") == f"Hint: {first.hint}"
        for key in [first.move.verb, *(a.key for a in first.move.answers)]:
            p.click(f"#tutorial button[data-key='{key}']")
        explained = p.text_content("#note")
        assert explained.startswith("Your move: the slot symbol.") and "start_c_1" in explained
        assert page.errors == [] and page.requests == [page.url]
    finally:
        page.close()


def test_an_answer_points_at_its_space_or_tile_and_the_board_has_a_key(browser, pages):  # noqa: F811
    script = load_script(INTRO)
    build = next(step for step in script.steps if step.try_it and step.move.verb == "build")
    page = _open(browser, pages[INTRO.name], step=build.index)
    p = page.page
    try:
        p.click("#tutorial button[data-key='build']")
        p.hover("#tutorial button[data-key='2,0']")
        assert p.eval_on_selector_all("#board .cell.pointed", "cs => cs.map(c => c.dataset.key)") == ["2,0"]
        p.mouse.move(0, 0)
        assert p.locator("#board .cell.pointed").count() == 0
        legend = p.text_content("#map-legend")
        assert "forest" in legend and "population figure" in legend and "tile slot" in legend
    finally:
        page.close()
    page = _open(browser, pages["2p-nadair-ox49.yaml"], step=30)  # "explore which tile? a02"
    p = page.page
    try:
        p.hover("#decisions strong:text-is('a02')")
        pointed = p.eval_on_selector_all("#board .cell.pointed", "cs => cs.map(c => c.dataset.slot)")
        assert pointed and set(pointed) == {"a02"}
        slots = set(p.eval_on_selector_all("#board .cell[data-slot]", "cs => cs.map(c => c.dataset.slot)"))
        assert set(p.eval_on_selector_all("#board text.slot", "ts => ts.map(t => t.textContent)")) == slots
        assert "a02" in p.text_content("#board .cell[data-slot='a02'] title")
        assert page.errors == []
    finally:
        page.close()


def test_on_a_phone_the_pieces_read_and_the_board_is_beside_the_question(browser, pages):  # noqa: F811
    steps = load_script(INTRO).steps
    build = next(step for step in steps if step.try_it and step.move.verb == "build")
    after = next(step for step in steps if step.try_it and step.index > build.index)  # a building on the board
    page = _open(browser, pages[INTRO.name], step=after.index, width=390, height=844)
    p = page.page
    try:
        assert p.evaluate("document.documentElement.scrollWidth") <= 390
        sizes = p.evaluate(BOXES, "#board .piece")
        assert sizes and min(min(b[2] - b[0], b[3] - b[1]) for b in sizes) >= 16
        question = p.locator("#tutorial").bounding_box()
        board = p.locator("#board-pane").bounding_box()
        assert 0 <= board["y"] - (question["y"] + question["height"]) < 40  # the board right under the question
        assert page.errors == []
    finally:
        page.close()


def test_a_packs_rows_and_score_lines_are_shown_as_the_terminal_shows_them(browser, pages, tmp_path):  # noqa: F811
    out = tmp_path / "dive.html"
    run = subprocess.run(
        [sys.executable, str(ROOT / "tests" / "example_expansion" / "run.py"), "page", str(out)],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    found = json.loads(run.stdout)
    page = _open(browser, out, step=found["steps"])
    p = page.page
    try:  # a third-party pack's part with no rows() of its own: one row of what is not at its default, as the terminal
        ann = p.locator("#players-pane article[data-player='0'] dl")
        rows = dict(zip(ann.locator("dt").all_text_contents(), ann.locator("dd").all_text_contents(), strict=True))
        lagoon = found["states"][-1]["players"][0]["lagoon"]
        assert rows["lagoon"] == ", ".join(f"{k} {v}" for k, v in lagoon.items() if v) and "pearls" in rows["lagoon"]
        assert page.errors == []
    finally:
        page.close()
    script = ROOT / "tests" / "example_expansion" / "emberfall" / "scripts" / "tribe.yaml"
    export_page(script, tmp_path / "tribe.html")
    page = _open(browser, tmp_path / "tribe.html", step=len(load_script(script).steps))
    p = page.page
    try:  # each player's sheet: the pack's own lines, and components by name
        sheet = p.locator("#players-pane table.sheet[data-player='0'] tr")
        lines = {cells[0]: cells[1:] for cells in (row.locator("td").all_text_contents() for row in sheet.all()[1:])}
        assert lines["forge rings"] == ["3", ""] and lines["warm forge"] == ["2", ""]
        assert lines["large location: Forge row"] == ["6", "corner_nw: Ember large location"]
        assert p.text_content("#players-pane table.sheet[data-player='0'] caption") == "Ann: 20 points"
        assert page.errors == []
    finally:
        page.close()


def test_the_html_export_prints_one_line_not_the_replay(tmp_path):
    out = tmp_path / "game.html"
    done = subprocess.run(
        [sys.executable, "-m", "revive_dsl.cli", "replay", str(ROOT / "replays" / "games" / "2p-nadair-ox49.yaml"),
         "--export", "html", str(out)],
        capture_output=True, text=True, cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 0 and done.stdout == ""
    assert done.stderr.startswith(f"wrote {out}: ") and done.stderr.count("\n") == 1
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
