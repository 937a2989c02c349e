#!/usr/bin/env python3
"""Compare pinned tool versions against the latest GitHub releases.

Reads versions.json from the repo root, e.g.
    {"hashicorp/terraform": "1.7.5", "helm/helm": "3.14.2"}
and prints which pins are behind. GITHUB_TOKEN is optional and only raises
the rate limit; it is sent to api.github.com and nowhere else.
"""
import json
import logging
import os
import sys
from pathlib import Path

import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

API = "https://api.github.com"
PINS_FILE = Path("versions.json")
REPORT_FILE = Path("release_report.json")

log = logging.getLogger("releases")


def make_session() -> requests.Session:
    session = requests.Session()
    retry = Retry(total=3, backoff_factor=1.0, status_forcelist=(502, 503, 504))
    session.mount("https://", HTTPAdapter(max_retries=retry))
    session.headers["Accept"] = "application/vnd.github+json"
    token = os.environ.get("GITHUB_TOKEN")
    if token:
        session.headers["Authorization"] = f"Bearer {token}"
    return session


def parse_version(tag: str) -> tuple:
    core = tag.lstrip("v").split("-", 1)[0]
    parts = []
    for piece in core.split("."):
        parts.append(int(piece) if piece.isdigit() else 0)
    return tuple(parts)


def latest_release(session: requests.Session, repo: str) -> str | None:
    resp = session.get(f"{API}/repos/{repo}/releases/latest", timeout=10)
    if resp.status_code == 404:
        log.warning("%s has no published releases", repo)
        return None
    resp.raise_for_status()
    return resp.json()["tag_name"]


def main() -> int:
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    try:
        pins = json.loads(PINS_FILE.read_text())
    except (OSError, json.JSONDecodeError) as exc:
        log.error("cannot read %s: %s", PINS_FILE, exc)
        return 1

    session = make_session()
    report, behind = {}, 0
    for repo, pinned in sorted(pins.items()):
        try:
            latest = latest_release(session, repo)
        except requests.RequestException as exc:
            log.error("%-30s lookup failed: %s", repo, exc)
            report[repo] = {"pinned": pinned, "error": str(exc)}
            continue
        if latest is None:
            continue
        outdated = parse_version(latest) > parse_version(pinned)
        behind += outdated
        report[repo] = {"pinned": pinned, "latest": latest, "outdated": outdated}
        log.info("%-30s %-10s -> %-10s %s", repo, pinned, latest, "UPDATE" if outdated else "ok")

    REPORT_FILE.write_text(json.dumps(report, indent=2, sort_keys=True))
    remaining = session.get(f"{API}/rate_limit", timeout=10).json()["rate"]["remaining"]
    log.info("%d of %d pins outdated; API calls left: %s", behind, len(pins), remaining)
    return 0


if __name__ == "__main__":
    sys.exit(main())
