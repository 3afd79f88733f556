"""The typed match: the form's fields read into a spec draft; an uploaded roster wins over a typed one."""

from __future__ import annotations

import asyncio
import io

import pytest
from starlette.datastructures import FormData, Headers, UploadFile

from scheveningen.solver.io.specdraft import load_draft
from scheveningen.solver.web.forms import DEFAULTS, draft_of, time_limit_of, typed_values
from scheveningen.solver.web.security import Refused


def test_the_form_reads_into_a_draft_with_the_uploaded_roster_first() -> None:
    upload = UploadFile(
        io.BytesIO(b'name,rating\n"Loaded, Up",2000\nTwo,\nThree,\n'), filename="b.csv", headers=Headers()
    )
    form = FormData([
        *DEFAULTS.items(), ("boards", "3"), ("name_A", "Oslo"), ("roster_A", "Ann\nBo\nCy"),
        ("roster_B", "ignored"), ("upload_B", upload), ("event_name", "Cup"), ("requests", "meet A1 B1 round 2"),
    ])  # fmt: skip
    draft = asyncio.run(draft_of(form))
    assert draft.boards == 3 and draft.team_b.roster.startswith("name,rating")
    setup = load_draft(draft)
    assert setup.roster_b[0].name == "Loaded, Up" and setup.event.name == "Cup" and len(setup.match.meets) == 1
    assert "upload_B" not in typed_values(form) and typed_values(form)["name_A"] == "Oslo"
    assert time_limit_of(form) == 10


@pytest.mark.parametrize(("key", "value"), [("boards", "0"), ("boards", "x"), ("win", "-1"), ("max_run", "a")])
def test_a_field_no_spec_could_hold_is_refused(key: str, value: str) -> None:
    form = FormData([*{**DEFAULTS, key: value}.items()])
    with pytest.raises(Refused):
        asyncio.run(draft_of(form))
