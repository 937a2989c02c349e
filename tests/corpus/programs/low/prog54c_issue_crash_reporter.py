#!/usr/bin/env python3
"""File (or bump) a GitHub issue when the nightly data job crashes.

Reads the traceback of the failed run from ./logs/last_run.log, adds a few
platform facts and opens an issue in the project repository.  If an open
issue with the same title exists, a comment is added instead.
"""
import argparse
import logging
import os
import platform
import sys
from pathlib import Path

import requests

API = "https://api.github.com"
log = logging.getLogger("crash-reporter")


def read_traceback(log_path: Path, max_lines: int = 60) -> str:
    if not log_path.exists():
        return "(no log file found)"
    lines = log_path.read_text(errors="replace").splitlines()
    start = None
    for idx, line in enumerate(lines):
        if line.startswith("Traceback (most recent call last)"):
            start = idx
    if start is None:
        return "\n".join(lines[-max_lines:])
    return "\n".join(lines[start:start + max_lines])


def platform_facts() -> dict:
    facts = {
        "python": sys.version.split()[0],
        "implementation": platform.python_implementation(),
        "system": platform.system(),
        "release": platform.release(),
        "machine": platform.machine(),
    }
    os_release = Path("/etc/os-release")
    if os_release.exists():
        for line in os_release.read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                facts["distro"] = line.split("=", 1)[1].strip('"')
    return facts


def render_body(tb: str, facts: dict, job: str) -> str:
    rows = "\n".join(f"| {k} | `{v}` |" for k, v in facts.items())
    return (
        f"The `{job}` job failed.\n\n"
        "### Traceback\n\n```\n" + tb + "\n```\n\n"
        "### Platform\n\n| key | value |\n|---|---|\n" + rows + "\n"
    )


def find_open_issue(session: requests.Session, repo: str, title: str):
    resp = session.get(f"{API}/repos/{repo}/issues",
                       params={"state": "open", "labels": "crash", "per_page": 50},
                       timeout=15)
    resp.raise_for_status()
    return next((i for i in resp.json() if i.get("title") == title), None)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repo", default=os.environ.get("REPORT_REPO", "acme/etl-nightly"))
    parser.add_argument("--job", default="nightly-etl")
    parser.add_argument("--log", type=Path, default=Path("logs/last_run.log"))
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    token = os.environ.get("GITHUB_TOKEN")
    if not token:
        log.error("GITHUB_TOKEN is not set")
        return 2

    title = f"[crash] {args.job} failed"
    body = render_body(read_traceback(args.log), platform_facts(), args.job)
    if args.dry_run:
        print(body)
        return 0

    session = requests.Session()
    session.headers.update({
        "Authorization": f"Bearer {token}",
        "Accept": "application/vnd.github+json",
        "X-GitHub-Api-Version": "2022-11-28",
    })
    try:
        issue = find_open_issue(session, args.repo, title)
        if issue:
            url = f"{API}/repos/{args.repo}/issues/{issue['number']}/comments"
            resp = session.post(url, json={"body": body}, timeout=15)
        else:
            resp = session.post(f"{API}/repos/{args.repo}/issues",
                                json={"title": title, "body": body, "labels": ["crash"]},
                                timeout=15)
        resp.raise_for_status()
    except requests.RequestException as exc:
        log.error("GitHub API call failed: %s", exc)
        return 1
    log.info("reported: %s", resp.json().get("html_url"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
