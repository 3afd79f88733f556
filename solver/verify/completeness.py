"""Rule 0, completeness: who meets whom, one game a board, every player once a round.

The check reads the games as written, so that a file damaged by hand is judged by the same code as a
designed schedule and every fault of shape is named: a short or over-full round, a board used twice,
a player outside the teams, twice in a round or sitting out, a game between teammates, a pair that
meets twice or never (or twice with the same colours in a double round), players who do not sit out
in turn.

A designed schedule of equal teams is almost always complete, and naming faults game by game costs
most of a 100-board verification; so :func:`complete_at_a_glance` first looks at each round and at
the whole match in a few set operations and says "complete" only when nothing can be wrong.  Anything
it cannot vouch for goes through the game-by-game check, which gives the answer and names the faults.
The tests hold the two to each other: the glance never passes a schedule the full check faults.
"""

from __future__ import annotations

from scheveningen.models.domain.rules import Rule
from scheveningen.models.domain.schedule import Player, Team
from scheveningen.models.domain.wording import counted
from scheveningen.models.domain.written import WrittenGame, WrittenSchedule
from scheveningen.solver.verify.reading import Checkable, Reading, read
from scheveningen.solver.verify.violations import Violation


def as_written(schedule: Checkable) -> WrittenSchedule:
    """The games as written: a damaged file and a designed schedule go through the same code."""
    return schedule if isinstance(schedule, WrittenSchedule) else WrittenSchedule.of(schedule)


def complete_at_a_glance(reading: Reading, double: bool) -> bool:
    """True only when rule 0 holds, seen from whole rounds (equal teams only; ``False`` means "look
    closer", not "broken").

    With ``n`` players a team on ``n`` boards, round by round: the boards read 1 to ``n`` in order;
    taking from each game the White player's code where it is positive (team A's) and Black's
    otherwise gives the board numbers, so board ``k`` seats ``Ak``; the other codes are ``-1`` to
    ``-n`` once each, so every B player plays once and every game is between the teams.  Over the
    match: ``n`` rounds whose ``n * n`` games are ``n * n`` different pairs (every pair once), or
    ``2n`` rounds whose ``2n * n`` games, read as (White, Black), all differ (every pair twice, once
    with each colour: there are only ``2n * n`` such games).  Each game is read into an integer, the
    pair ``(k, b)`` as ``k * (2n + 1) + b``, which no other pair of codes from ``-n`` to ``n`` gives.
    """
    n = reading.boards
    if n < 1 or not reading.equal_teams or reading.n_rounds != (2 * n if double else n):
        return False
    boards = list(range(1, n + 1))
    b_side = list(range(-n, 0))
    scale = 2 * n + 1
    games: set[int] = set()
    for played in reading.rounds:
        if [k for k, _w, _b in played] != boards:
            return False
        if [w if w > 0 else b for _k, w, b in played] != boards:
            return False
        if sorted([b if w > 0 else w for _k, w, b in played]) != b_side:
            return False
        if double:
            games.update([w * scale + b for _k, w, b in played])
        else:
            games.update([k * scale + (b if w > 0 else w) for k, w, b in played])
    return len(games) == n * n * (2 if double else 1)


def check_complete(schedule: Checkable, double: bool) -> list[Violation]:
    """Rule 0: every A-B pair meets once (twice, once with each colour, in a double round);
    every round has one game a board, each between the two teams; every player plays at most once
    a round (exactly once with one player a board); board k seats Ak when teams have one player a
    board.  Every fault is reported, the games read as written.

    A match of equal teams is first looked over as a whole (:func:`complete_at_a_glance`); only a
    schedule that fails that look is gone through game by game to name every fault."""
    if complete_at_a_glance(read(schedule), double):
        return []
    return _every_fault(as_written(schedule), double)


def _every_fault(written: WrittenSchedule, double: bool) -> list[Violation]:
    """Rule 0 game by game, every fault named (the games as written)."""
    out: list[Violation] = []
    rule = Rule.COMPLETE
    sizes = {Team.A: written.team_a, Team.B: written.team_b}
    team_a = Team.A
    single_rounds = written.team_a * written.team_b / written.boards
    expected_rounds = single_rounds * (2 if double else 1)
    if written.n_rounds != expected_rounds:
        out.append(
            Violation(
                rule,
                f"the match has {written.n_rounds} rounds; {written.team_a} against {written.team_b} players "
                f"on {written.boards} boards needs {expected_rounds:g}",
            )
        )
    # Keyed by the two players' numbers (C-level hashing keeps a 100-board check quick).
    meetings: dict[tuple[int, int], list[tuple[int, int, WrittenGame]]] = {}
    # Players keyed by (in team A, number) below: such a tuple hashes in C, a player in Python code.
    everyone = [((p.team is team_a, p.number), p) for p in written.all_players()] if written.equal_teams else []
    for r, games in enumerate(written.rounds, start=1):
        if len(games) != written.boards:
            kind = "short" if len(games) < written.boards else "over-full"
            played = f"{counted(len(games), 'game')}"
            boards = f"{counted(written.boards, 'board')}"
            out.append(Violation(rule, f"round {r} is {kind}: {played} on {boards}", round=r))
        boards_used: dict[int, int] = {}
        seen: dict[tuple[bool, int], tuple[Player, list[int]]] = {}
        for game in games:
            board = game.board
            boards_used[board] = boards_used.get(board, 0) + 1
            for player in (game.white, game.black):
                in_a = player.team is team_a
                key = (in_a, player.number)
                if key in seen:
                    seen[key][1].append(board)
                else:
                    seen[key] = (player, [board])
                if player.number > (written.team_a if in_a else written.team_b):
                    out.append(
                        Violation(
                            rule,
                            f"{player} is not a player of team {player.team.value} "
                            f"(it has {sizes[player.team]} players)",
                            str(player),
                            r,
                            board,
                        )
                    )
            if not game.mixed:
                out.append(
                    Violation(
                        rule,
                        f"round {r} board {board}: {game} is a game between two players of team "
                        f"{game.white.team.value}",
                        str(game.white),
                        r,
                        board,
                    )
                )
                continue
            if written.equal_teams and game.a_player.number != board:
                out.append(
                    Violation(
                        rule,
                        f"board {board} seats {game.a_player}, but it belongs to A{board}",
                        str(game.a_player),
                        r,
                        board,
                    )
                )
            meetings.setdefault((game.a_player.number, game.b_player.number), []).append((r, board, game))
        for board, count in sorted((k, c) for k, c in boards_used.items() if c > 1):
            if board <= written.boards:
                out.append(Violation(rule, f"round {r} has {count} games on board {board}", round=r, board=board))
        for player, on in sorted((p, on) for p, on in seen.values() if len(on) > 1):
            where = " and ".join(str(k) for k in on)
            out.append(Violation(rule, f"{player} plays {len(on)} games in round {r} (boards {where})", str(player), r))
        if written.equal_teams:
            for key, player in everyone:
                if key not in seen:
                    out.append(Violation(rule, f"{player} does not play in round {r}", str(player), r))
    wanted = 2 if double else 1
    team_b = written.players(Team.B)
    for a in written.players(Team.A):
        for b in team_b:
            met = meetings.get((a.number, b.number), [])
            if len(met) != wanted:
                where = ", ".join(f"round {r} board {k}" for r, k, _g in met) or "never"
                out.append(
                    Violation(
                        rule,
                        f"{a} and {b} meet {len(met)} times (expected {wanted}): {where}",
                        f"{a},{b}",
                        met[1][0] if len(met) > 1 else None,
                    )
                )
            elif double and met[0][2].a_white == met[1][2].a_white:
                colour = "White" if met[0][2].a_white else "Black"
                out.append(
                    Violation(
                        rule,
                        f"{a} has {colour} against {b} both times (rounds {met[0][0]} and {met[1][0]})",
                        f"{a},{b}",
                        met[1][0],
                        met[1][1],
                    )
                )
    out.extend(_check_sit_outs_in_turn(written))
    return out


def _check_sit_outs_in_turn(schedule: WrittenSchedule) -> list[Violation]:
    """With more players than boards, players sit out in turn: after every round the
    numbers of rounds teammates have sat out differ by at most 1.  (Counted as games played,
    which only the round's own players change: sat out = rounds so far - games played.)"""
    out: list[Violation] = []
    for team in (Team.A, Team.B):
        if schedule.team_size(team) == schedule.boards:
            continue
        players = schedule.players(team)
        played = dict.fromkeys(players, 0)
        how_many = {0: len(players)}  # games played -> players with that many
        fewest = most_played = 0
        for r, games in enumerate(schedule.rounds, start=1):
            playing = {p for game in games for p in (game.white, game.black) if p.team is team and p in played}
            for player in playing:
                count = played[player]
                how_many[count] -= 1
                played[player] = count + 1
                how_many[count + 1] = how_many.get(count + 1, 0) + 1
                most_played = max(most_played, count + 1)
            while how_many.get(fewest, 0) == 0:
                fewest += 1
            low, high = r - most_played, r - fewest
            if high - low > 1:
                most = [str(p) for p in players if r - played[p] == high]
                out.append(
                    Violation(
                        Rule.COMPLETE,
                        f"after round {r} {', '.join(most)} sat out {counted(high, 'round')} "
                        f"but a teammate only {low}; "
                        "players must sit out in turn",
                        most[0],
                        r,
                    )
                )
    return out
