"""The guard: a form without its token, a Host the server does not answer to, a request beyond loopback
without the access token, a form from another site and an upload over the cap are all refused."""

from __future__ import annotations

from pathlib import Path

from web_cases import TEST_HOSTS, desk_client, form_token, match_folder, versions

from scheveningen.solver.web.security import ACCESS_COOKIE, MAX_FORM_BYTES, Guard, host_name

ROUND = "/m/club.json/round/1"


def test_a_form_without_its_token_or_with_another_browsers_is_refused(tmp_path: Path) -> None:
    folder = match_folder(tmp_path)
    client, other = desk_client(folder), desk_client(folder)
    shown = versions(client, ROUND)
    before = (folder / "club.json").read_bytes()
    missing = client.post(ROUND, data={**shown, "r1": "1-0"})
    assert missing.status_code == 403 and "security token" in missing.text
    foreign = client.post(ROUND, data={**shown, "r1": "1-0", "csrf": form_token(other, ROUND)})
    assert foreign.status_code == 403
    assert (folder / "club.json").read_bytes() == before
    assert client.get(ROUND.replace("round/1", "round/1?r1=1-0")).status_code == 200  # GET changes nothing
    assert (folder / "club.json").read_bytes() == before


def test_a_host_header_the_server_does_not_answer_to_is_refused(tmp_path: Path) -> None:
    client = desk_client(match_folder(tmp_path))
    assert client.get("/", headers={"host": "evil.example:8044"}).status_code == 400
    assert client.get("/", headers={"host": "127.0.0.1:8044"}).status_code == 200
    assert client.get("/", headers={"host": "[::1]:8044"}).status_code == 200
    assert host_name("LOCALHOST:80") == "localhost" and host_name("[::1]:8044") == "::1"


def test_beyond_loopback_every_request_needs_the_access_token_which_becomes_a_strict_cookie(tmp_path: Path) -> None:
    client = desk_client(match_folder(tmp_path), Guard(hosts=TEST_HOSTS, token="s3cret-token-value"))
    assert client.get("/").status_code == 403
    assert client.get("/?token=wrong").status_code == 403
    entered = client.get("/m/club.json/round?token=s3cret-token-value&x=1", follow_redirects=False)
    assert entered.status_code == 303 and entered.headers["location"] == "/m/club.json/round?x=1"
    cookie = entered.headers["set-cookie"].lower()
    assert ACCESS_COOKIE in cookie and "httponly" in cookie and "samesite=strict" in cookie
    assert client.get("/m/club.json/round").status_code == 200


def test_a_form_from_another_site_is_refused_even_with_a_token(tmp_path: Path) -> None:
    client = desk_client(match_folder(tmp_path))
    token, shown = form_token(client, ROUND), versions(client, ROUND)
    answer = client.post(ROUND, data={"csrf": token, **shown, "r1": "1-0"}, headers={"origin": "http://evil.example"})
    assert answer.status_code == 403


def test_an_upload_over_the_cap_gets_a_clear_page(tmp_path: Path) -> None:
    client = desk_client(match_folder(tmp_path))
    token = form_token(client, "/new")
    big = b"name\n" + b"x" * (MAX_FORM_BYTES + 10)
    answer = client.post("/new", data={"csrf": token, "boards": "4"}, files={"upload_A": ("a.csv", big, "text/csv")})
    assert answer.status_code == 413 and "too large" in answer.text and "1 MiB" in answer.text
