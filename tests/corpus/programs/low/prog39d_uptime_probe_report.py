#!/usr/bin/env python3
"""Lightweight uptime prober.

Reads a list of endpoints from ./probes.json, issues HEAD (or GET when a body
check is configured) requests, and writes an availability report into
./reports/.  Response bodies are fingerprinted so that unchanged status pages
are not re-parsed on every run.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import logging
import time
from dataclasses import dataclass, field, asdict
from pathlib import Path
from urllib import error as urlerror
from urllib import request as urlrequest

LOG = logging.getLogger("uptime-probe")
DEFAULT_CONFIG = Path("probes.json")
REPORT_DIR = Path("reports")
CACHE_DIR = Path(".probe-cache")
USER_AGENT = "uptime-probe/0.4 (+internal status board)"


@dataclass
class Probe:
    name: str
    url: str
    expect_status: int = 200
    body_contains: str | None = None
    timeout: float = 5.0


@dataclass
class ProbeResult:
    name: str
    url: str
    ok: bool
    status: int | None
    latency_ms: float
    detail: str = ""
    body_fingerprint: str | None = None
    checked_at: float = field(default_factory=time.time)


def load_probes(path: Path) -> list[Probe]:
    with path.open("r", encoding="utf-8") as fh:
        raw = json.load(fh)
    probes = []
    for entry in raw.get("probes", []):
        try:
            probes.append(Probe(**entry))
        except TypeError as exc:
            LOG.warning("skipping malformed probe %r: %s", entry, exc)
    return probes


def body_cache_key(url: str, body: bytes) -> str:
    # Non-security use: cheap fingerprint to skip re-parsing identical pages.
    digest = hashlib.md5(usedforsecurity=False)
    digest.update(url.encode())
    digest.update(body)
    return digest.hexdigest()


def run_probe(probe: Probe) -> ProbeResult:
    method = "GET" if probe.body_contains else "HEAD"
    req = urlrequest.Request(probe.url, method=method,
                             headers={"User-Agent": USER_AGENT})
    started = time.perf_counter()
    try:
        with urlrequest.urlopen(req, timeout=probe.timeout) as resp:
            status = resp.status
            body = resp.read(256 * 1024) if method == "GET" else b""
    except urlerror.HTTPError as exc:
        elapsed = (time.perf_counter() - started) * 1000
        return ProbeResult(probe.name, probe.url, exc.code == probe.expect_status,
                           exc.code, elapsed, detail=str(exc.reason))
    except (urlerror.URLError, TimeoutError, OSError) as exc:
        elapsed = (time.perf_counter() - started) * 1000
        return ProbeResult(probe.name, probe.url, False, None, elapsed,
                           detail=f"unreachable: {exc}")

    elapsed = (time.perf_counter() - started) * 1000
    ok = status == probe.expect_status
    detail = ""
    fingerprint = None
    if probe.body_contains is not None:
        fingerprint = body_cache_key(probe.url, body)
        marker = CACHE_DIR / f"{fingerprint}.seen"
        if marker.exists():
            detail = "body unchanged since last run"
        else:
            CACHE_DIR.mkdir(exist_ok=True)
            marker.touch()
            if probe.body_contains.encode() not in body:
                ok = False
                detail = f"marker {probe.body_contains!r} not found"
    return ProbeResult(probe.name, probe.url, ok, status, elapsed, detail, fingerprint)


def write_report(results: list[ProbeResult]) -> Path:
    REPORT_DIR.mkdir(exist_ok=True)
    stamp = time.strftime("%Y%m%dT%H%M%S")
    out = REPORT_DIR / f"uptime-{stamp}.json"
    summary = {
        "total": len(results),
        "up": sum(1 for r in results if r.ok),
        "results": [asdict(r) for r in results],
    }
    out.write_text(json.dumps(summary, indent=2), encoding="utf-8")
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--config", type=Path, default=DEFAULT_CONFIG)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--interval", type=float, default=30.0)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    probes = load_probes(args.config)
    if not probes:
        LOG.error("no probes configured in %s", args.config)
        return 2

    failures = 0
    for round_no in range(args.rounds):
        results = [run_probe(p) for p in probes]
        for r in results:
            LOG.info("%-20s %-4s %6.1fms %s", r.name, "UP" if r.ok else "DOWN",
                     r.latency_ms, r.detail)
        path = write_report(results)
        LOG.info("round %d report: %s", round_no + 1, path)
        failures = sum(1 for r in results if not r.ok)
        if round_no + 1 < args.rounds:
            time.sleep(args.interval)
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
