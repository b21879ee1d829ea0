"""The browser face: a recorded game or a tutorial as one self-contained HTML page.

:func:`~revive_dsl.web.page_data.page_data` replays a script and gathers what the page shows (the state once,
then each step's changes, the board's cells, the move, its account, decisions and note);
:func:`~revive_dsl.web.page.render_page` puts that data, the page's CSS and its JavaScript into one file
that makes no network request. The page draws the board as SVG from the state at each step.

>>> from revive_dsl.replay import load_script_text
>>> from revive_dsl.web.page import render_page
>>> from revive_dsl.web.page_data import page_data
>>> script = load_script_text(
...     "format: 4\\npacks: [base]\\nplayers: [{name: Ann, tribe: nadair, side: sun}]\\n"
...     "setup: {seed: 1}\\nsteps: [Ann switch food]\\n", "s.yaml")
>>> html = render_page(page_data(script))
>>> html.startswith("<!DOCTYPE html>"), " src=" in html, "<link" in html  # nothing to fetch
(True, False, False)
"""
