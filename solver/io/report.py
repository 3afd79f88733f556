"""Turn results, verdicts and comparisons into text and JSON; write output files safely."""

from __future__ import annotations

import json
import os
import re
import stat
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from scheveningen.models.domain.schedule import Schedule, Team
from scheveningen.models.domain.wording import counted
from scheveningen.models.domain.written import WrittenSchedule
from scheveningen.models.formats.textform import format_text

if TYPE_CHECKING:  # what is reported; each command loads only the kind it reports
    from scheveningen.solver.design.params import Result
    from scheveningen.solver.verify.compare import Comparison
    from scheveningen.solver.verify.equivalence import CanonicalForm
    from scheveningen.solver.verify.verifier import Verdict

TOOL = "scheveningen"


def tool_version() -> str:
    """This tool's version (one source: the package's ``__version__``, which pyproject.toml reads)."""
    from scheveningen import __version__

    return __version__


def ortools_version() -> str:
    """The installed OR-Tools' version, read without loading OR-Tools."""
    return installed_version("ortools")


def installed_version(name: str) -> str:
    """The version an installer recorded for the distribution ``name``, "unknown" if none is installed.

    The packaging specification names an installed project's record ``<name>-<version>.dist-info``
    (the name normalised with underscores), so the first such folder along ``sys.path`` gives the
    version the import system would load, as ``importlib.metadata`` finds it; that module is asked
    only when no folder is found (an older egg-info install), since importing it costs about a tenth
    of a plain command's start-up.
    """
    prefix = re.sub(r"[-_.]+", "_", name).lower() + "-"
    for entry in sys.path:
        try:
            folders = os.listdir(entry or ".")
        except OSError:
            continue
        for folder in folders:
            if folder.endswith(".dist-info") and folder.lower().startswith(prefix):
                return folder[len(prefix) : -len(".dist-info")]
    from importlib import metadata

    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return "unknown"


def games_as_json(schedule: Schedule | WrittenSchedule) -> list[dict[str, object]]:
    return [
        {"round": r, "board": k, "white": str(game.white), "black": str(game.black)} for r, k, game in schedule.games()
    ]


def result_header(result: Result) -> list[str]:
    """The comment lines that open a designed schedule in the text form."""
    match = result.match
    kind = "double-round " if match.double else ""
    if match.equal_teams:
        where = "game k is played on board k, where player Ak always sits"
    else:
        where = f"teams of {match.size_a} and {match.size_b} players; a player missing from a round sits out"
    lines = [
        f"# Scheveningen system: {kind}schedule for a match on {counted(match.boards, 'board')}.",
        f"# One line a round; {where}.",
        '# In "X-Y", X has White.',
        f"# Designed by {TOOL} {tool_version()} (OR-Tools CP-SAT {ortools_version()}), seed {result.params.seed}, "
        f"{result.params.workers} worker(s).",
        f"# Status: {result.status.value}; breaks {result.breaks}; lower bound {result.lower_bound}.",
    ]
    for rule, amount in result.relaxed.items():
        least = "the least in priority order" if len(result.relaxed) > 1 else "the least possible"
        least = "not proven the least" if rule in result.unproven else least
        lines.append(f"# Relaxed: {rule.named(match.rules)}, broken by {amount}, {least}.")
    for team in (Team.A, Team.B):
        info = match.team(team)
        if info.name or info.players:
            names = ", ".join(f"{team.value}{i}={name}" for i, name in enumerate(info.players, start=1))
            label = f"Team {team.value}" + (f" ({info.name})" if info.name else "")
            lines.append(f"# {label}: {names}" if names else f"# {label}")
    requests = match.requests()
    if requests:
        lines.append(f"# Requests kept: {len(requests)}.")
    return lines


def result_text(result: Result) -> str:
    if result.schedule is None:
        raise ValueError("a result without a schedule has no text form")
    return format_text(result.schedule, result_header(result))


def _sitting_out(result: Result) -> list[dict[str, object]]:
    schedule = result.schedule
    if schedule is None or result.match.equal_teams:
        return []
    out: list[dict[str, object]] = []
    # players as (team, number) keys: hashing the Player dataclass is the slow part at 5,000 rounds
    names = [((p.team, p.number), str(p)) for p in schedule.all_players()]
    for r, games in enumerate(schedule.rounds, start=1):
        playing = {(p.team, p.number) for g in games for p in (g.white, g.black)}
        out.append({"round": r, "players": [name for key, name in names if key not in playing]})
    return out


def result_data(result: Result) -> dict[str, object]:
    """Everything about a design, for JSON; ``explanation`` is the minimal conflicting set."""
    match = result.match
    data: dict[str, object] = {
        "tool": {"name": TOOL, "version": tool_version()},
        "ortools_version": ortools_version(),
        "boards": match.boards,
        "rounds": match.rounds,
        "teams": {
            team.value: {
                "name": match.team(team).name,
                "size": match.size(team),
                "players": list(match.team(team).players),
            }
            for team in (Team.A, Team.B)
        },
        "double": match.double,
        "rules": match.rules.as_dict(),
        "status": result.status.value,
        "breaks": result.breaks,
        "lower_bound": result.lower_bound,
        "relaxed": [
            {"rule": int(rule), "name": rule.key, "excess": amount, "proven": rule not in result.unproven}
            for rule, amount in result.relaxed.items()
        ],
        "explanation": list(result.explanation),
        "requests": [request.describe() for request in match.requests()],
        "parameters": result.parameters(),
        "wall_time": round(result.wall_time, 3),
        "stages": [stage.as_dict() for stage in result.stages],
        "messages": list(result.messages),
        "games": games_as_json(result.schedule) if result.schedule else [],
        "sitting_out": _sitting_out(result),
        "metrics": result.verdict.metrics.as_dict() if result.verdict else {},
        "verification": result.verdict.as_dict() if result.verdict else {},
    }
    return data


def stage_lines(result: Result) -> list[str]:
    """The entries of the strategy table the design tried, one line each, in order (``--verbose``)."""
    lines = []
    for stage in result.stages:
        name = stage.name if stage.within is None else f"{stage.within} > {stage.name}"
        lines.append(f"stage {name}: {stage.outcome.value} ({stage.seconds:.3f} s)")
    return lines


def verdict_text(verdict: Verdict, name: str = "") -> str:
    m = verdict.metrics
    lines = [f"schedule: {name}" if name else "schedule:"]
    schedule = verdict.schedule
    teams = "" if schedule.equal_teams else f", teams of {schedule.team_a} and {schedule.team_b}"
    lines[0] += (
        f" {counted(schedule.boards, 'board')}, "
        f"{counted(schedule.n_rounds, 'round')}{teams}"
        f"{', double round' if verdict.double else ''}"
    )
    lines.append(f"verdict: {'ok' if verdict.ok else 'BROKEN'}")
    lines += [f"note: {note}" for note in verdict.notes if "relaxed" not in note]
    for rule, rv in verdict.rules.items():  # every rule of the registry, as checked, by number
        if rule.counted:  # the objective, measured by the metrics: the breaks
            lines.append(f"rule {int(rule)} {verdict.title(rule)}: {counted(m.total_breaks, 'break')}")
            continue
        lines.append(f"rule {int(rule)} {verdict.title(rule)}: {rv.status}")
        if rv.excuse:
            lines.append(f"  {rv.excuse}")
        for v in rv.violations[:50]:
            lines.append(f"  - {v.message}")
        if len(rv.violations) > 50:
            lines.append(f"  ... and {len(rv.violations) - 50} more")
    lines.append(f"breaks: {m.total_breaks} (team A {m.breaks_by_team['A']}, team B {m.breaks_by_team['B']})")
    lines.append(f"longest colour run: {m.longest_run}")
    lines.append(f"team A whites per round: {' '.join(str(a) for a in m.a_whites_per_round)}")
    lines.append(f"whites in total: team A {m.a_whites_total}, team B {m.b_whites_total}")
    for team in ("A", "B"):
        players = [p for p in m.breaks_per_player if p.startswith(team)]
        players.sort(key=lambda p: int(p[1:]))
        lines.append(
            f"team {team} whites/breaks: "
            + " ".join(f"{p}:{m.whites_per_player[p]}/{m.breaks_per_player[p]}" for p in players)
        )
    return "\n".join(lines) + "\n"


def verdict_data(verdict: Verdict, name: str = "") -> dict[str, object]:
    data: dict[str, object] = {"file": name, **verdict.as_dict()}
    schedule = verdict.schedule
    data["boards"] = schedule.boards
    data["rounds"] = schedule.n_rounds
    data["teams"] = {"A": schedule.team_a, "B": schedule.team_b}
    data["games"] = games_as_json(schedule)
    return data


def comparison_text(comparison: Comparison) -> str:
    names = (comparison.left_name, comparison.right_name)
    width = max(len(r.name) for r in comparison.rows)
    cw = max(8, *(len(n) for n in names))
    lines = [
        f"{'':{width}}  {names[0]:>{cw}}  {names[1]:>{cw}}  better",
        f"{'verdict':{width}}  {'ok' if comparison.left.ok else 'BROKEN':>{cw}}  "
        f"{'ok' if comparison.right.ok else 'BROKEN':>{cw}}",
    ]
    for row in comparison.rows:
        better = {"left": names[0], "right": names[1], "same": "same"}[row.better]
        lines.append(f"{row.name:{width}}  {row.left:>{cw}}  {row.right:>{cw}}  {better}")
    if comparison.equivalence is not None:
        lines += ["", *comparison.equivalence.describe()]
    return "\n".join(lines) + "\n"


def comparison_data(comparison: Comparison) -> dict[str, object]:
    return comparison.as_dict()


def fingerprint_text(form: CanonicalForm) -> str:
    return form.fingerprint + "\n"


def fingerprint_data(form: CanonicalForm, name: str = "") -> dict[str, object]:
    schedule = form.schedule
    return {"file": name, "boards": schedule.boards, "rounds": schedule.n_rounds, **form.as_dict()}


def json_document(command: str, status: str, exit_code: int, messages: list[str], data: dict[str, object]) -> str:
    """The one JSON document every command writes for every outcome (schema in docs/json.md)."""
    document: dict[str, object] = {
        "tool": {"name": TOOL, "version": tool_version()},
        "command": command,
        **data,
        "status": status,
        "exit_code": exit_code,
        "messages": messages,
    }
    return json.dumps(document, indent=2) + "\n"


#: The temporary file being written, if any: a second Ctrl-C removes it before quitting at once.
_pending: set[str] = set()


def discard_pending() -> None:
    """Remove a half-written temporary file (the target itself is never half-written)."""
    for tmp in list(_pending):
        Path(tmp).unlink(missing_ok=True)


def _new_file_mode() -> int:
    """The mode a new file gets, as ``open`` would give it: ``0o666`` less the umask."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


def write_output(text: str, path: str | None) -> None:
    """Print (no path, or ``-``), or write atomically: a failed run never leaves a half-written file.

    The text goes to a temporary file in the target's folder, is flushed to disk (``fsync``), then
    renamed over the target (``os.replace``).  Through a symbolic link the file it points to is
    replaced and the link kept; a file replaced keeps its permissions, a new one gets the umask's.
    An :class:`OSError` names the file the user asked for, not the temporary one.
    """
    if path is None or path == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    target = Path(os.path.realpath(path))
    try:
        mode = stat.S_IMODE(target.stat().st_mode)
    except FileNotFoundError:
        mode = _new_file_mode()
    except OSError as error:
        raise OSError(error.errno, error.strerror, path) from None
    import tempfile  # only where a file is written: it brings shutil and random, which printing never uses

    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    except OSError as error:
        raise OSError(error.errno, error.strerror, path) from None
    _pending.add(tmp)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fchmod(handle.fileno(), mode)
            os.fsync(handle.fileno())
        os.replace(tmp, target)
        _sync_folder(target.parent)
    except OSError as error:
        Path(tmp).unlink(missing_ok=True)
        raise OSError(error.errno, error.strerror, path) from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    finally:
        _pending.discard(tmp)


def _sync_folder(folder: Path) -> None:
    """Flush the folder's entry for a renamed file to disk (where the system allows it)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems cannot sync a folder; the rename itself is still atomic
    finally:
        os.close(fd)
