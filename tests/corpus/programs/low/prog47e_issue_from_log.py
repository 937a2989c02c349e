#!/usr/bin/env python3
"""Open a GitHub issue containing the tail of a local test log."""
import argparse
import logging
import os
import sys
from collections import deque
from pathlib import Path

import requests

API_ROOT = "https://api.github.com"
log = logging.getLogger("issue-from-log")


def tail(path: Path, lines: int) -> str:
    with path.open("r", encoding="utf-8", errors="replace") as fh:
        return "".join(deque(fh, maxlen=lines))


def open_issue(repo: str, title: str, body: str, labels, token: str) -> str:
    resp = requests.post(
        f"{API_ROOT}/repos/{repo}/issues",
        json={"title": title, "body": body, "labels": labels},
        headers={"Authorization": f"Bearer {token}",
                 "Accept": "application/vnd.github+json"},
        timeout=15,
    )
    resp.raise_for_status()
    return resp.json()["html_url"]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("repo", help="owner/name")
    ap.add_argument("--log", type=Path, default=Path("test-output.log"))
    ap.add_argument("--lines", type=int, default=80)
    ap.add_argument("--label", action="append", default=["ci-failure"])
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    token = os.environ.get("GITHUB_TOKEN")
    if not token:
        log.error("GITHUB_TOKEN is not set")
        return 2
    snippet = tail(args.log, args.lines)
    body = f"Last {args.lines} lines of `{args.log.name}`:\n\n```\n{snippet}```\n"
    try:
        url = open_issue(args.repo, f"Test failure in {args.log.name}", body,
                         args.label, token)
    except requests.RequestException as exc:
        log.error("GitHub API call failed: %s", exc)
        return 1
    log.info("created %s", url)
    return 0


if __name__ == "__main__":
    sys.exit(main())
