#!/usr/bin/env python3
"""Check that public offsite mirrors of our release backups are fresh.

Each mirror publishes a LATEST marker file.  We issue a HEAD request for it,
read Last-Modified, and optionally GET the marker body to compare the
snapshot id across mirrors.  Results go to ./mirror-report.json and the exit
status is non-zero if any mirror is stale or unreachable.
"""
from __future__ import annotations

import argparse
import configparser
import email.utils
import json
import logging
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import NamedTuple

log = logging.getLogger("mirror-fresh")

DEFAULT_MIRRORS = {
    "eu-1": "https://mirror-eu1.example-archive.org/releases/LATEST",
    "us-1": "https://mirror-us1.example-archive.org/releases/LATEST",
    "ap-1": "https://mirror-ap1.example-archive.org/releases/LATEST",
}


class MirrorStatus(NamedTuple):
    name: str
    url: str
    reachable: bool
    age_hours: float | None
    snapshot: str | None
    error: str | None = None


def head(url: str, timeout: float) -> dict:
    req = urllib.request.Request(url, method="HEAD",
                                 headers={"User-Agent": "mirror-fresh/0.9"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return dict(resp.headers.items())


def fetch_marker(url: str, timeout: float) -> str:
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        return resp.read(256).decode("ascii", "replace").strip()


def hours_since(http_date: str | None) -> float | None:
    if not http_date:
        return None
    parsed = email.utils.parsedate_to_datetime(http_date)
    return (time.time() - parsed.timestamp()) / 3600.0


def probe(name: str, url: str, timeout: float, want_body: bool) -> MirrorStatus:
    try:
        headers = head(url, timeout)
        age = hours_since(headers.get("Last-Modified"))
        snap = fetch_marker(url, timeout) if want_body else None
        return MirrorStatus(name, url, True, age, snap)
    except (urllib.error.URLError, TimeoutError, ValueError) as exc:
        return MirrorStatus(name, url, False, None, None, str(exc))


def load_mirrors(path: str | None) -> dict:
    if not path:
        return dict(DEFAULT_MIRRORS)
    cfg = configparser.ConfigParser()
    if not cfg.read(path):
        raise FileNotFoundError(path)
    return {section: cfg[section]["url"] for section in cfg.sections()}


def host_info() -> dict:
    info = {}
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if "=" in line:
                k, v = line.split("=", 1)
                info[k] = v.strip('"')
    except OSError:
        pass
    return {"os": info.get("PRETTY_NAME", "unknown")}


def main() -> int:
    ap = argparse.ArgumentParser(description="offsite mirror freshness check")
    ap.add_argument("--config", help="INI file with [mirror] sections and url=")
    ap.add_argument("--max-age", type=float, default=26.0, help="hours before stale")
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--compare", action="store_true", help="compare snapshot ids")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    mirrors = load_mirrors(args.config)
    results = [probe(n, u, args.timeout, args.compare) for n, u in mirrors.items()]

    problems = 0
    for r in results:
        if not r.reachable:
            log.error("%-6s UNREACHABLE %s", r.name, r.error)
            problems += 1
        elif r.age_hours is not None and r.age_hours > args.max_age:
            log.warning("%-6s STALE      %.1f h old", r.name, r.age_hours)
            problems += 1
        else:
            age = "?" if r.age_hours is None else f"{r.age_hours:.1f} h"
            log.info("%-6s ok         %s", r.name, age)

    if args.compare:
        ids = {r.snapshot for r in results if r.snapshot}
        if len(ids) > 1:
            log.warning("mirrors disagree on latest snapshot: %s", sorted(ids))
            problems += 1

    report = {"checked_at": int(time.time()), "host": host_info(),
              "mirrors": [r._asdict() for r in results], "problems": problems}
    Path("mirror-report.json").write_text(json.dumps(report, indent=2))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
