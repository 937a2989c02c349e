#!/usr/bin/env python3
"""Check which service ports on our own hosts answer, from a CSV in the working dir.

CSV format (ports.csv):  name,host,port
Writes reachability.json next to it.
"""
import argparse
import csv
import json
import logging
import socket
import time
from dataclasses import dataclass, asdict
from pathlib import Path

log = logging.getLogger("portcheck")


@dataclass
class Target:
    name: str
    host: str
    port: int


@dataclass
class Result:
    name: str
    host: str
    port: int
    open: bool
    latency_ms: float | None
    error: str | None


def load_targets(path: Path) -> list[Target]:
    targets = []
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                targets.append(Target(row["name"].strip(), row["host"].strip(), int(row["port"])))
            except (KeyError, ValueError) as exc:
                log.warning("skipping malformed row %r: %s", row, exc)
    return targets


def probe(target: Target, timeout: float) -> Result:
    start = time.perf_counter()
    try:
        with socket.create_connection((target.host, target.port), timeout=timeout):
            elapsed = (time.perf_counter() - start) * 1000.0
            return Result(target.name, target.host, target.port, True, round(elapsed, 2), None)
    except socket.timeout:
        return Result(target.name, target.host, target.port, False, None, "timeout")
    except OSError as exc:
        return Result(target.name, target.host, target.port, False, None, exc.strerror or str(exc))


def summarise(results: list[Result]) -> str:
    up = sum(1 for r in results if r.open)
    return f"{up}/{len(results)} ports reachable"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--targets", default="ports.csv", type=Path)
    parser.add_argument("--out", default="reachability.json", type=Path)
    parser.add_argument("--timeout", default=2.0, type=float)
    parser.add_argument("--rounds", default=1, type=int, help="probe each target N times")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not args.targets.exists():
        log.error("targets file %s not found", args.targets)
        return 2

    targets = load_targets(args.targets)
    results: list[Result] = []
    for target in targets:
        best = None
        for _ in range(max(1, args.rounds)):
            r = probe(target, args.timeout)
            if best is None or (r.open and (not best.open or r.latency_ms < best.latency_ms)):
                best = r
        log.debug("%s %s:%d -> %s", target.name, target.host, target.port,
                  "open" if best.open else best.error)
        results.append(best)

    args.out.write_text(json.dumps([asdict(r) for r in results], indent=2))
    log.info("%s; written to %s", summarise(results), args.out)
    return 0 if all(r.open for r in results) else 1


if __name__ == "__main__":
    raise SystemExit(main())
