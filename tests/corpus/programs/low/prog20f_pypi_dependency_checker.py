#!/usr/bin/env python3
"""Check pinned requirements against the latest releases on PyPI.

Reads requirements.txt, asks PyPI's public JSON API (HTTP GET only) for
each package's latest version and prints which pins are outdated.  It
does not install or upgrade anything.
"""
import argparse
import logging
import re
import sys
from pathlib import Path

import requests
from packaging.version import InvalidVersion, Version

log = logging.getLogger("depcheck")

PYPI_URL = "https://pypi.org/pypi/{name}/json"
PIN_RE = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[[^\]]*\])?\s*==\s*([^\s;#]+)")


def parse_requirements(path: Path) -> list:
    pins = []
    for lineno, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith(("#", "-")):
            continue
        m = PIN_RE.match(line)
        if not m:
            log.info("line %d is not an exact pin, skipped: %s", lineno, line)
            continue
        pins.append((m.group(1), m.group(2)))
    return pins


class PyPIClient:
    def __init__(self, timeout: float):
        self.session = requests.Session()
        self.session.headers["User-Agent"] = "depcheck/1.0"
        self.timeout = timeout

    def latest(self, name: str):
        resp = self.session.get(PYPI_URL.format(name=name), timeout=self.timeout)
        if resp.status_code == 404:
            return None
        resp.raise_for_status()
        return resp.json()["info"]["version"]


def compare(current: str, latest: str) -> str:
    try:
        cur, new = Version(current), Version(latest)
    except InvalidVersion:
        return "unknown"
    if new > cur:
        return "major" if new.major > cur.major else "outdated"
    return "ok"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Report outdated pins from requirements.txt")
    ap.add_argument("requirements", type=Path, nargs="?", default=Path("requirements.txt"))
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--only-outdated", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(levelname)s %(message)s")
    try:
        pins = parse_requirements(args.requirements)
    except OSError as exc:
        log.error("%s", exc)
        return 2
    client = PyPIClient(args.timeout)
    outdated = 0
    for name, current in pins:
        try:
            latest = client.latest(name)
        except (requests.RequestException, KeyError, ValueError) as exc:
            log.warning("%s: lookup failed: %s", name, exc)
            continue
        if latest is None:
            print(f"{name:30s} {current:>12s}  not found on PyPI")
            continue
        status = compare(current, latest)
        if status in ("outdated", "major"):
            outdated += 1
        elif args.only_outdated:
            continue
        print(f"{name:30s} {current:>12s} -> {latest:<12s} {status}")
    print(f"{outdated} of {len(pins)} pinned packages are behind PyPI")
    return 1 if outdated else 0


if __name__ == "__main__":
    sys.exit(main())
