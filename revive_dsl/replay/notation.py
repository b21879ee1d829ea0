"""Move notation: one recorded move per line, specified by ``grammar/moves.lark``.

A line names the mover and the move, then answers every decision the move raises, in the
order the engine asks them. An answer another player gives is written in brackets with
their name; chance outcomes (a tile revealed, a card drawn) go in square brackets at the
end as ``pile=item``. :func:`format_move` writes the canonical form.

:func:`parse_move` reads a line with a small hand-written reader (a scanner with the grammar's own
token patterns and a loop over the tokens), about eight times faster than the grammar's parser. Any line
it does not read with certainty (every malformed line, and the odd forms the grammar's lexer allows,
such as ``Ann,x y``) goes to the grammar's parser, so results, positions and error messages are always
the grammar's (``tests/test_move_reader.py`` compares the two on the corpus and on fuzzed lines).

>>> m = parse_move("Ann explore a02 cit_mentor 0 (Bob food)  [a02=area_07]")
>>> m.player, m.verb, [a.key for a in m.answers], m.answers[3].player, m.reveals[0].pile
('Ann', 'explore', ['a02', 'cit_mentor', '0', 'food'], 'Bob', 'a02')
>>> format_move(m)
'Ann explore a02 cit_mentor 0 (Bob food) [a02=area_07]'
>>> try:
...     parse_move("Ann play top_left ]", "game.yaml")
... except DslError as err:
...     print(err)
game.yaml:1:19: syntax error: unexpected ']'; expected '(', '[', an answer or the end of the line
    Ann play top_left ]
                      ^
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from revive_dsl.locations import grammar_path
from revive_dsl.positions import NOWHERE, Diagnostic, DslError, Origin, Pos

SETUP = "setup"  # the word that starts the line answering the variants' setup choices
_BARE_KEY = re.compile(r'[^\s()\[\]=#"]+')


@dataclass(frozen=True)
class Answer:
    """One answer: an option key, and the player giving it when it is not the mover."""

    key: str
    player: str | None = None
    pos: Pos = field(default=NOWHERE, compare=False)


@dataclass(frozen=True)
class Reveal:
    """A chance outcome written at the table: ``item`` came out of ``pile``."""

    pile: str
    item: str
    pos: Pos = field(default=NOWHERE, compare=False)


@dataclass(frozen=True)
class MoveLine:
    """A parsed move. ``player`` and ``verb`` are None on the setup line."""

    player: str | None
    verb: str | None
    answers: tuple[Answer, ...] = ()
    reveals: tuple[Reveal, ...] = ()
    pos: Pos = field(default=NOWHERE, compare=False)
    verb_pos: Pos = field(default=NOWHERE, compare=False)

    @property
    def is_setup(self) -> bool:
        return self.verb is None


@cache
def move_parser() -> Lark:
    """The LALR parser for ``grammar/moves.lark``, built once per process."""
    text = grammar_path("moves.lark").read_text(encoding="utf-8")
    return Lark(text, parser="lalr", propagate_positions=True)


_WORDS = {
    "PLAYER": "a player's name",
    "KEY": "an answer",
    "QUOTED": "an answer",
    "SETUP": "'setup'",
    "LPAR": "'('",
    "RPAR": "')'",
    "LSQB": "'['",
    "RSQB": "']'",
    "EQUAL": "'='",
    "$END": "the end of the line",
}


def _diagnostic(err: UnexpectedInput, text: str, origin: Origin) -> Diagnostic:
    if isinstance(err, UnexpectedToken) and err.token.type != "$END":
        found, expected = f"unexpected '{err.token}'", set(err.accepts or err.expected)
        line, column = err.line, err.column
    elif isinstance(err, UnexpectedCharacters):
        found, expected = f"unexpected character '{text[err.pos_in_stream]}'", set(err.allowed or ())
        line, column = err.line, err.column
    else:
        found = "the line ends too early"
        expected = set(getattr(err, "expected", None) or getattr(err, "accepts", None) or ())
        lines = text.splitlines() or [""]
        line, column = len(lines), len(lines[-1]) + 1
    words = sorted({_WORDS.get(name, name.lower()) for name in expected}, key=lambda w: (w.startswith("the"), w))
    message = f"syntax error: {found}"
    if words:
        message += "; expected " + (words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1])
    standalone = (origin.line, origin.column) == (1, 1)  # else the file's own line is shown (attach_lines)
    shown = (text.splitlines() or [""])[line - 1] if standalone else None
    return Diagnostic(origin.at(line, column), message, shown)


def _key(tree: Tree) -> Token:
    return tree.children[0]


def _unquote(tok: Token) -> str:
    if tok.type == "QUOTED":
        return re.sub(r"\\(.)", r"\1", str(tok)[1:-1])
    return str(tok)


# The grammar's terminals, as the reader scans them: blanks and comments between tokens, then a word
# (KEY; a PLAYER is a word of its own pattern), a quoted key, or one of the five marks.
_TOKEN = re.compile(r'[ \t]*(?:#[^\n]*)?(?:([^\s()\[\]=#"]+)|("(?:[^"\\\n]|\\.)*")|([()\[\]=])|($))')
_PLAYER = re.compile(r"[A-Za-z][A-Za-z0-9_\-]*")
_MARKS = frozenset("()[]=")


class _NotRead(Exception):
    """The reader leaves this line to the grammar's parser."""


def _tokens(text: str) -> list[tuple[str, str, int]]:
    """(kind, text, column) of each token: kind ``w`` a word, ``q`` a quoted key, a mark itself, ``$`` the end."""
    out: list[tuple[str, str, int]] = []
    at, size = 0, len(text)
    match = _TOKEN.match
    while True:
        found = match(text, at)
        if found is None:
            raise _NotRead  # a character no token starts with: the grammar reports it
        word, quoted, mark, end = found.groups()
        if end is not None:
            if found.end() != size:
                raise _NotRead
            out.append(("$", "", found.start(4) + 1))
            return out
        if word is not None:
            out.append(("w", word, found.start(1) + 1))
        elif quoted is not None:
            out.append(("q", quoted, found.start(2) + 1))
        else:
            out.append((mark, mark, found.start(3) + 1))
        at = found.end()


def _read(text: str, origin: Origin) -> MoveLine:
    """The hand-written reader: the line as the grammar reads it, or :class:`_NotRead`."""
    if "\n" in text:
        raise _NotRead
    tokens = _tokens(text)
    kind, first, _ = tokens[0]
    if kind != "w":
        raise _NotRead
    answers: list[Answer] = []
    reveals: list[Reveal] = []
    if first == SETUP:
        player = verb = None
        verb_pos = NOWHERE
        i = 1
    else:
        if not _PLAYER.fullmatch(first) or tokens[1][0] != "w":
            raise _NotRead
        player, verb, verb_pos = first, tokens[1][1], origin.at(1, tokens[1][2])
        i = 2
    while True:
        kind, value, column = tokens[i]
        if kind in ("w", "q") and player is not None:
            answers.append(Answer(_unquoted(kind, value), None, origin.at(1, column)))
            i += 1
        elif kind == "(":
            who, i = tokens[i + 1], i + 2
            if who[0] != "w" or not _PLAYER.fullmatch(who[1]) or tokens[i][0] not in ("w", "q"):
                raise _NotRead
            while tokens[i][0] in ("w", "q"):
                answers.append(Answer(_unquoted(tokens[i][0], tokens[i][1]), who[1], origin.at(1, tokens[i][2])))
                i += 1
            if tokens[i][0] != ")":
                raise _NotRead
            i += 1
        elif kind == "[":
            i += 1
            while True:
                if i + 3 >= len(tokens):
                    raise _NotRead
                pile, equals, item = tokens[i : i + 3]
                if pile[0] not in ("w", "q") or equals[0] != "=" or item[0] not in ("w", "q"):
                    raise _NotRead
                reveals.append(Reveal(_unquoted(pile[0], pile[1]), _unquoted(item[0], item[1]), origin.at(1, pile[2])))
                i += 3
                if tokens[i][0] == "]":
                    break
            if tokens[i + 1][0] != "$":
                raise _NotRead
            break
        elif kind == "$":
            break
        else:
            raise _NotRead
    return MoveLine(player, verb, tuple(answers), tuple(reveals), origin.at(1, 1), verb_pos)


def _unquoted(kind: str, value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value[1:-1]) if kind == "q" else value


def parse_move(text: str, origin: Origin | str = "<move>") -> MoveLine:
    """Parse one move line; raise :class:`DslError` with a positioned message if it is malformed."""
    if isinstance(origin, str):
        origin = Origin(origin)
    try:
        return _read(text, origin)
    except (_NotRead, IndexError):
        return parse_move_by_grammar(text, origin)


def parse_move_by_grammar(text: str, origin: Origin | str = "<move>") -> MoveLine:
    """:func:`parse_move` by ``grammar/moves.lark``'s own parser (what the reader is tested against)."""
    if isinstance(origin, str):
        origin = Origin(origin)
    if "\n" in text.strip():
        line = text.strip().index("\n")
        raise DslError([Diagnostic(origin.at(1, line + 1), "a step holds one move on one line")])
    try:
        tree = move_parser().parse(text)
    except UnexpectedInput as err:
        raise DslError([_diagnostic(err, text, origin)]) from None

    def at(tok: Token) -> Pos:
        return origin.at(tok.line, tok.column)

    move = tree.children[0]
    player = verb = None
    verb_pos = NOWHERE
    children = list(move.children)
    if move.data == "turn_move":
        player_tok, verb_tok, *children = children
        player, verb, verb_pos = str(player_tok), str(verb_tok), at(verb_tok)
    answers: list[Answer] = []
    reveals: list[Reveal] = []
    for child in children:
        if child.data == "key":
            answers.append(Answer(_unquote(_key(child)), None, at(_key(child))))
        elif child.data == "group":
            who, *keys = child.children
            answers.extend(Answer(_unquote(_key(k)), str(who), at(_key(k))) for k in keys)
        else:  # reveals
            for reveal in child.children:
                pile, item = reveal.children
                reveals.append(Reveal(_unquote(_key(pile)), _unquote(_key(item)), at(_key(pile))))
    return MoveLine(player, verb, tuple(answers), tuple(reveals), origin.at(1, 1), verb_pos)


def quote(key: str) -> str:
    """A key as written in a move: bare when it can be, else in double quotes.

    >>> quote("-1,0"), quote("two words")
    ('-1,0', '"two words"')
    """
    if _BARE_KEY.fullmatch(key):
        return key
    return '"' + key.replace("\\", "\\\\").replace('"', '\\"') + '"'


def format_move(move: MoveLine) -> str:
    """The canonical text of a move: single spaces, other players' answers grouped, reveals last."""
    parts = [SETUP] if move.is_setup else [str(move.player), str(move.verb)]
    group: list[str] = []
    group_player: str | None = None

    def close() -> None:
        if group:
            parts.append(f"({group_player} {' '.join(group)})")
            group.clear()

    for answer in move.answers:
        if answer.player is None:
            close()
            parts.append(quote(answer.key))
        else:
            if answer.player != group_player:
                close()
            group_player = answer.player
            group.append(quote(answer.key))
    close()
    if move.reveals:
        parts.append("[" + " ".join(f"{quote(r.pile)}={quote(r.item)}" for r in move.reveals) + "]")
    return " ".join(parts)
