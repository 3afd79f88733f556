"""The result of one game, always written from White's side as on a pairing sheet.

=========  =======================================  =====  =====
result     meaning                                  White  Black
=========  =======================================  =====  =====
``1-0``    White won                                1      0
``0-1``    Black won                                0      1
``1/2-1/2`` drawn                                   1/2    1/2
``+-``     White wins by forfeit (Black absent)     1      0
``-+``     Black wins by forfeit (White absent)     0      1
``--``     both forfeit (neither played)            0      0
=========  =======================================  =====  =====

:meth:`GameResult.parse` also accepts ``½-½``, ``=`` and ``0.5-0.5`` for a draw, and
spaces around the text.  A forfeit counts for the score but not for ratings:
:attr:`GameResult.is_forfeit` says which results are not a game played.
"""

from __future__ import annotations

from enum import StrEnum


class ResultError(ValueError):
    """The text is not a game result; the message quotes it and lists the accepted forms."""


class GameResult(StrEnum):
    """A game's result from White's side."""

    WHITE_WINS = "1-0"
    BLACK_WINS = "0-1"
    DRAW = "1/2-1/2"
    WHITE_WINS_FORFEIT = "+-"
    BLACK_WINS_FORFEIT = "-+"
    DOUBLE_FORFEIT = "--"

    @classmethod
    def parse(cls, text: str) -> GameResult:
        """Read a result as an arbiter writes it; :class:`ResultError` otherwise."""
        key = text.strip() if isinstance(text, str) else text
        if isinstance(key, str) and key in _ALIASES:
            return _ALIASES[key]
        accepted = ", ".join(r.value for r in cls)
        raise ResultError(f"{text!r} is not a result (expected one of {accepted}; a draw may also be ½-½ or =)")

    @property
    def white_points(self) -> float:
        return _POINTS[self][0]

    @property
    def black_points(self) -> float:
        return _POINTS[self][1]

    @property
    def is_forfeit(self) -> bool:
        """True when the game was not played (one or both players absent)."""
        return self in (GameResult.WHITE_WINS_FORFEIT, GameResult.BLACK_WINS_FORFEIT, GameResult.DOUBLE_FORFEIT)


_POINTS: dict[GameResult, tuple[float, float]] = {
    GameResult.WHITE_WINS: (1.0, 0.0),
    GameResult.BLACK_WINS: (0.0, 1.0),
    GameResult.DRAW: (0.5, 0.5),
    GameResult.WHITE_WINS_FORFEIT: (1.0, 0.0),
    GameResult.BLACK_WINS_FORFEIT: (0.0, 1.0),
    GameResult.DOUBLE_FORFEIT: (0.0, 0.0),
}

_ALIASES: dict[str, GameResult] = {
    **{r.value: r for r in GameResult},
    "½-½": GameResult.DRAW,
    "=": GameResult.DRAW,
    "0.5-0.5": GameResult.DRAW,
}
