#!/usr/bin/env python3
"""Summarise lift controller fault logs exported from the service laptop.

Reads the CSV fault exports that the HMI writes (one file per station) from a
directory under the current working directory, groups them by fault code and
station, and writes a plain-text and JSON summary for the service report.

Optionally downloads the current fault-code dictionary from the documentation
server so codes can be shown with their descriptions.
"""

import argparse
import csv
import json
import logging
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import requests

LOG = logging.getLogger("fault_log_summary")
DICTIONARY_URL = "https://docs.example.com/lifts/fault-codes/v4.json"


@dataclass
class StationStats:
    name: str
    total: int = 0
    codes: Counter = field(default_factory=Counter)
    first_seen: str = ""
    last_seen: str = ""

    def add(self, code: str, timestamp: str) -> None:
        self.total += 1
        self.codes[code] += 1
        if not self.first_seen or timestamp < self.first_seen:
            self.first_seen = timestamp
        if not self.last_seen or timestamp > self.last_seen:
            self.last_seen = timestamp


def load_dictionary(url: str, timeout: float) -> dict:
    """Fetch the fault-code dictionary; return an empty dict when offline."""
    try:
        resp = requests.get(url, timeout=timeout)
        resp.raise_for_status()
        data = resp.json()
        LOG.info("loaded %d fault code descriptions", len(data))
        return data
    except (requests.RequestException, ValueError) as exc:
        LOG.warning("fault dictionary unavailable (%s); continuing without it", exc)
        return {}


def read_exports(export_dir: Path) -> dict:
    stations = defaultdict(lambda: None)
    for path in sorted(export_dir.glob("*.csv")):
        station = path.stem
        stats = StationStats(name=station)
        try:
            with path.open(newline="", encoding="utf-8") as fh:
                for row in csv.DictReader(fh):
                    code = (row.get("fault_code") or "").strip()
                    ts = (row.get("timestamp") or "").strip()
                    if not code:
                        continue
                    stats.add(code, ts)
        except (OSError, csv.Error) as exc:
            LOG.error("skipping %s: %s", path.name, exc)
            continue
        LOG.debug("%s: %d faults", station, stats.total)
        stations[station] = stats
    return dict(stations)


def render_text(stations: dict, dictionary: dict, top: int) -> str:
    lines = ["LIFT FAULT SUMMARY", "=" * 40]
    for name, stats in sorted(stations.items()):
        lines.append(f"Station {name}: {stats.total} faults "
                     f"({stats.first_seen} .. {stats.last_seen})")
        for code, count in stats.codes.most_common(top):
            desc = dictionary.get(code, {}).get("text", "unknown code")
            lines.append(f"   {code:<8} x{count:<5} {desc}")
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--exports", default="fault_exports",
                        help="directory with per-station CSV exports")
    parser.add_argument("--out", default="fault_summary",
                        help="output basename (writes .txt and .json)")
    parser.add_argument("--top", type=int, default=5)
    parser.add_argument("--offline", action="store_true",
                        help="do not download the fault-code dictionary")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    export_dir = Path(args.exports)
    if not export_dir.is_dir():
        LOG.error("export directory %s not found", export_dir)
        return 2

    dictionary = {} if args.offline else load_dictionary(DICTIONARY_URL, 10.0)
    stations = read_exports(export_dir)
    if not stations:
        LOG.warning("no fault exports found in %s", export_dir)
        return 1

    Path(args.out + ".txt").write_text(render_text(stations, dictionary, args.top))
    Path(args.out + ".json").write_text(json.dumps(
        {n: {"total": s.total, "codes": dict(s.codes)} for n, s in stations.items()},
        indent=2))
    LOG.info("wrote %s.txt and %s.json", args.out, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
