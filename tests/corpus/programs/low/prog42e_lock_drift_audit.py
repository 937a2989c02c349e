#!/usr/bin/env python3
"""Audit a pinned requirements lockfile against PyPI and the OSV database.

Reads ``requirements.lock`` from the working directory, looks up the newest
release of every pin on PyPI, asks OSV for known advisories and writes a
JSON report next to the lockfile.
"""
from __future__ import annotations

import argparse
import json
import logging
import re
import sys
from dataclasses import dataclass, field, asdict
from pathlib import Path
from urllib import request as urlreq
from urllib.error import HTTPError, URLError

LOG = logging.getLogger("lock-drift")
PYPI_JSON = "https://pypi.org/pypi/{name}/json"
OSV_BATCH = "https://api.osv.dev/v1/querybatch"
PIN_RE = re.compile(r"^\s*([A-Za-z0-9_.\-]+)\s*==\s*([A-Za-z0-9_.\-+!]+)")


@dataclass
class Pin:
    name: str
    version: str
    latest: str | None = None
    advisories: list[str] = field(default_factory=list)

    @property
    def drifted(self) -> bool:
        return self.latest is not None and self.latest != self.version


def parse_lock(path: Path) -> list[Pin]:
    pins = []
    for lineno, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line or line.startswith(("-", "--")):
            continue
        m = PIN_RE.match(line)
        if not m:
            LOG.warning("line %d not an exact pin: %r", lineno, raw)
            continue
        pins.append(Pin(m.group(1).lower(), m.group(2)))
    return pins


def latest_release(name: str, timeout: float) -> str | None:
    try:
        with urlreq.urlopen(PYPI_JSON.format(name=name), timeout=timeout) as resp:
            return json.load(resp)["info"]["version"]
    except (HTTPError, URLError, KeyError, ValueError) as exc:
        LOG.info("no PyPI data for %s: %s", name, exc)
        return None


def query_osv(pins: list[Pin], timeout: float) -> None:
    body = {"queries": [
        {"package": {"name": p.name, "ecosystem": "PyPI"}, "version": p.version}
        for p in pins
    ]}
    req = urlreq.Request(
        OSV_BATCH,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    try:
        with urlreq.urlopen(req, timeout=timeout) as resp:
            results = json.load(resp).get("results", [])
    except (HTTPError, URLError) as exc:
        LOG.error("OSV query failed: %s", exc)
        return
    for pin, res in zip(pins, results):
        pin.advisories = [v["id"] for v in res.get("vulns", [])]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--lock", default="requirements.lock", type=Path)
    ap.add_argument("--report", default="lock-audit.json", type=Path)
    ap.add_argument("--timeout", default=10.0, type=float)
    ap.add_argument("--fail-on-advisory", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not args.lock.is_file():
        LOG.error("lockfile %s not found", args.lock)
        return 2
    pins = parse_lock(args.lock)
    for pin in pins:
        pin.latest = latest_release(pin.name, args.timeout)
    query_osv(pins, args.timeout)

    report = {
        "lockfile": str(args.lock),
        "packages": [asdict(p) | {"drifted": p.drifted} for p in pins],
    }
    args.report.write_text(json.dumps(report, indent=2), encoding="utf-8")
    vulnerable = [p for p in pins if p.advisories]
    LOG.info("%d pins, %d drifted, %d with advisories -> %s",
             len(pins), sum(p.drifted for p in pins), len(vulnerable), args.report)
    return 1 if (vulnerable and args.fail_on_advisory) else 0


if __name__ == "__main__":
    sys.exit(main())
