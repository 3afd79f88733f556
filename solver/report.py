"""Turn results, verdicts and comparisons into text and JSON; write output files safely."""

from __future__ import annotations

import json
import os
import tempfile
from importlib import metadata
from pathlib import Path

from models.schedule import Schedule
from models.textform import format_text
from solver.compare import Comparison
from solver.design import Result
from solver.verifier import Verdict

TOOL = "scheveningen"


def tool_version() -> str:
    try:
        return metadata.version(TOOL)
    except metadata.PackageNotFoundError:
        return "unknown"


def ortools_version() -> str:
    try:
        return metadata.version("ortools")
    except metadata.PackageNotFoundError:
        return "unknown"


def games_as_json(schedule: Schedule) -> list[dict[str, object]]:
    return [
        {"round": r, "board": k, "white": str(game.white), "black": str(game.black)} for r, k, game in schedule.games()
    ]


def result_header(result: Result) -> list[str]:
    """The comment lines that open a designed schedule in the text form."""
    kind = "double-round " if result.params.double else ""
    lines = [
        f"# Scheveningen system: {kind}schedule for a match on {result.boards} boards.",
        "# One line a round; game k is played on board k, where player Ak always sits.",
        '# In "X-Y", X has White.',
        f"# Designed by {TOOL} {tool_version()} (OR-Tools CP-SAT {ortools_version()}), seed {result.params.seed}, "
        f"{result.params.workers} worker(s).",
        f"# Status: {result.status.value}; breaks {result.breaks}; lower bound {result.lower_bound}.",
    ]
    for rule, amount in result.relaxed.items():
        lines.append(f"# Relaxed: rule {int(rule)} ({rule.title}), broken by {amount}, the least possible.")
    return lines


def result_text(result: Result) -> str:
    if result.schedule is None:
        raise ValueError("a result without a schedule has no text form")
    return format_text(result.schedule, result_header(result))


def result_json(result: Result) -> str:
    data: dict[str, object] = {
        "tool": {"name": TOOL, "version": tool_version()},
        "ortools_version": ortools_version(),
        "boards": result.boards,
        "rounds": result.schedule.n_rounds if result.schedule else (2 if result.params.double else 1) * result.boards,
        "double": result.params.double,
        "status": result.status.value,
        "breaks": result.breaks,
        "lower_bound": result.lower_bound,
        "relaxed": [{"rule": int(rule), "name": rule.key, "excess": amount} for rule, amount in result.relaxed.items()],
        "parameters": result.parameters(),
        "wall_time": round(result.wall_time, 3),
        "messages": list(result.messages),
        "games": games_as_json(result.schedule) if result.schedule else [],
        "metrics": result.verdict.metrics.as_dict() if result.verdict else {},
        "verification": result.verdict.as_dict() if result.verdict else {},
    }
    return json.dumps(data, indent=2) + "\n"


def verdict_text(verdict: Verdict, name: str = "") -> str:
    m = verdict.metrics
    lines = [f"schedule: {name}" if name else "schedule:"]
    lines[0] += (
        f" {verdict.schedule.boards} boards, {verdict.schedule.n_rounds} rounds"
        f"{', double round' if verdict.double else ''}"
    )
    lines.append(f"verdict: {'ok' if verdict.ok else 'BROKEN'}")
    for rule, rv in verdict.rules.items():
        lines.append(f"rule {int(rule)} {rule.title}: {rv.status}")
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


def verdict_json(verdict: Verdict, name: str = "") -> str:
    data = {"tool": {"name": TOOL, "version": tool_version()}, "file": name, **verdict.as_dict()}
    data["boards"] = verdict.schedule.boards
    data["rounds"] = verdict.schedule.n_rounds
    data["games"] = games_as_json(verdict.schedule)
    return json.dumps(data, indent=2) + "\n"


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
    return "\n".join(lines) + "\n"


def comparison_json(comparison: Comparison) -> str:
    return json.dumps({"tool": {"name": TOOL, "version": tool_version()}, **comparison.as_dict()}, indent=2) + "\n"


def write_output(text: str, path: str | None) -> None:
    """Print, or write atomically: a failed run never leaves a half-written file."""
    if path is None:
        print(text, end="")
        return
    target = Path(path)
    directory = target.parent if str(target.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", dir=directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
