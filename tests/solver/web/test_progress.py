"""The page of a design: unknown designs get a clear page; a cancel needs the form token."""

from __future__ import annotations

from pathlib import Path

from web_cases import desk_client, form_token, match_folder


def test_an_unknown_design_and_a_cancel_without_token_are_refused(tmp_path: Path) -> None:
    client = desk_client(match_folder(tmp_path))
    assert client.get("/jobs/nothing").status_code == 404
    assert client.post("/jobs/nothing/cancel").status_code == 403
    assert client.post("/jobs/nothing/cancel", data={"csrf": form_token(client, "/new")}).status_code == 404
