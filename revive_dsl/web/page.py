"""One self-contained HTML page from a page's data: the CSS, the script and the data inline, nothing fetched.

The data is JSON inside a ``<script type="application/json">`` element, with ``<``, ``>`` and ``&`` written as
JSON escapes, so no text of a script or a pack (a card's name, a note) can close the element or become markup;
the page's script puts every text in with ``textContent``. The page's Content-Security-Policy allows no
request to anywhere: it works from a file, offline, mailed or attached.

>>> html = render_page({"title": "<b>x</b>", "steps": []})
>>> "<b>x</b>" in html, "&lt;b&gt;x&lt;/b&gt;" in html, '"\\\\u003cb\\\\u003ex' in html
(False, True, True)
"""

from __future__ import annotations

import html
import json
import re
from functools import cache
from pathlib import Path
from typing import Any

from revive_dsl.positions import visible

ASSETS = Path(__file__).resolve().parent / "assets"
_MARK = re.compile(r"\{\{(?:TITLE|CSS|JS|DATA)\}\}")


@cache
def _asset(name: str) -> str:
    return (ASSETS / name).read_text(encoding="utf-8")


def shown(data: Any) -> Any:
    """The data with every control character of its texts made visible, as the terminal shows them
    (:func:`revive_dsl.positions.visible`): a pack's name or a script's note cannot hide escape sequences in a page
    someone copies from.

    >>> shown({"note": "a\\x1b[2J", "n": [1, "b\\x07"]})
    {'note': 'a␛[2J', 'n': [1, 'b␇']}
    """
    if isinstance(data, str):
        return visible(data)
    if isinstance(data, dict):
        return {shown(k) if isinstance(k, str) else k: shown(v) for k, v in data.items()}
    if isinstance(data, list):
        return [shown(v) for v in data]
    return data


def _json(data: Any) -> str:
    text = json.dumps(shown(data), ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def render_page(data: dict[str, Any]) -> str:
    """The page's whole text for ``data`` (from :func:`revive_dsl.web.page_data.page_data`)."""
    pieces = {
        "{{TITLE}}": html.escape(visible(str(data.get("title", "revive replay")))),
        "{{CSS}}": _asset("page.css"),
        "{{JS}}": _asset("page.js"),
        "{{DATA}}": _json(data),
    }
    return _MARK.sub(lambda found: pieces[found.group(0)], _asset("page.html"))  # one pass: no text is read twice
