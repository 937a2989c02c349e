#!/usr/bin/env python3
"""Publish the top section of CHANGELOG.md as a GitHub release.

Run from the repository root after the tag has been pushed:

    GITHUB_TOKEN=... python tools/gh_release_notes.py --repo acme/widgets
"""
import argparse
import json
import logging
import os
import re
import sys
import tomllib
import urllib.error
import urllib.request
from pathlib import Path

API_ROOT = "https://api.github.com"
HEADING = re.compile(r"^## \[?v?(?P<version>\d+\.\d+\.\d+[^\]\s]*)\]?")
logger = logging.getLogger("release-notes")


class ReleaseError(RuntimeError):
    pass


def project_version(pyproject: Path) -> str:
    with pyproject.open("rb") as fh:
        data = tomllib.load(fh)
    return data["project"]["version"]


def extract_section(changelog: Path, version: str) -> str:
    collecting, lines = False, []
    for line in changelog.read_text(encoding="utf-8").splitlines():
        m = HEADING.match(line)
        if m:
            if collecting:
                break
            collecting = m.group("version") == version
            continue
        if collecting:
            lines.append(line)
    body = "\n".join(lines).strip()
    if not body:
        raise ReleaseError(f"no changelog entry for {version}")
    return body


def github_request(method: str, path: str, token: str, payload: dict | None = None) -> dict:
    data = json.dumps(payload).encode() if payload is not None else None
    req = urllib.request.Request(f"{API_ROOT}{path}", data=data, method=method)
    req.add_header("Accept", "application/vnd.github+json")
    req.add_header("Authorization", f"Bearer {token}")
    req.add_header("X-GitHub-Api-Version", "2022-11-28")
    if data is not None:
        req.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(req, timeout=30) as resp:
            return json.loads(resp.read() or b"{}")
    except urllib.error.HTTPError as exc:
        raise ReleaseError(f"{method} {path}: HTTP {exc.code} {exc.read()[:200]!r}") from exc


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repo", required=True, help="owner/name")
    ap.add_argument("--changelog", type=Path, default=Path("CHANGELOG.md"))
    ap.add_argument("--pyproject", type=Path, default=Path("pyproject.toml"))
    ap.add_argument("--draft", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    token = os.environ.get("GITHUB_TOKEN")
    if not token and not args.dry_run:
        logger.error("GITHUB_TOKEN is not set")
        return 2

    try:
        version = project_version(args.pyproject)
        body = extract_section(args.changelog, version)
        payload = {
            "tag_name": f"v{version}",
            "name": f"v{version}",
            "body": body,
            "draft": args.draft,
            "prerelease": any(t in version for t in ("a", "b", "rc")),
        }
        if args.dry_run:
            print(json.dumps(payload, indent=2))
            return 0
        created = github_request("POST", f"/repos/{args.repo}/releases", token, payload)
        logger.info("created release %s", created.get("html_url"))
    except (ReleaseError, KeyError, OSError) as exc:
        logger.error("release failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
