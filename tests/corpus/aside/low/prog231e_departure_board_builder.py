#!/usr/bin/env python3
"""departure_board_builder.py - build the departure board JSON for the FIDS.

Reads the day's departures from the schedule export (CSV), merges in
delay estimates from the operations API when it is reachable, and writes
one board JSON per terminal into ./out, which the display player picks up.
"""

import argparse
import csv
import json
import logging
import sys
from collections import defaultdict
from datetime import datetime
from pathlib import Path

import requests

LOG = logging.getLogger("board-builder")

OPS_API = "https://ops.example.com/api/v2/delays"


class Flight:
    __slots__ = ("flight", "destination", "std", "terminal", "gate", "status", "etd")

    def __init__(self, row):
        self.flight = row["flight"].strip().upper()
        self.destination = row["destination"].strip()
        self.std = row["std"].strip()
        self.terminal = row.get("terminal", "1").strip() or "1"
        self.gate = row.get("gate", "").strip()
        self.status = row.get("status", "SCHEDULED").strip().upper()
        self.etd = None

    def sort_key(self):
        try:
            return datetime.strptime(self.std, "%H:%M")
        except ValueError:
            return datetime.max

    def as_dict(self):
        remark = self.status
        if self.etd and self.status == "SCHEDULED":
            remark = f"EXPECTED {self.etd}"
        return {
            "flight": self.flight,
            "destination": self.destination,
            "time": self.std,
            "gate": self.gate or "--",
            "remark": remark,
        }


def load_schedule(path):
    flights = []
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle):
            try:
                flights.append(Flight(row))
            except KeyError as exc:
                LOG.warning("row missing %s: %r", exc, row)
    LOG.info("%d departures in %s", len(flights), path)
    return flights


def fetch_delays(timeout):
    try:
        resp = requests.get(OPS_API, timeout=timeout)
        resp.raise_for_status()
        return {d["flight"].upper(): d.get("etd") for d in resp.json().get("delays", [])}
    except (requests.RequestException, ValueError, KeyError) as exc:
        LOG.warning("no delay data, using schedule only: %s", exc)
        return {}


def build_boards(flights, delays):
    boards = defaultdict(list)
    for flight in sorted(flights, key=Flight.sort_key):
        flight.etd = delays.get(flight.flight)
        boards[flight.terminal].append(flight.as_dict())
    return boards


def write_boards(boards, out_dir):
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    generated = datetime.now().isoformat(timespec="seconds")
    for terminal, rows in boards.items():
        path = out / f"board-T{terminal}.json"
        path.write_text(json.dumps({"generated": generated, "terminal": terminal,
                                    "departures": rows}, indent=2))
        LOG.info("wrote %s (%d rows)", path, len(rows))


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description="Build FIDS departure boards")
    parser.add_argument("schedule", help="schedule export CSV")
    parser.add_argument("--out", default="./out")
    parser.add_argument("--offline", action="store_true", help="skip the delay API")
    parser.add_argument("--timeout", type=float, default=5.0)
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    try:
        flights = load_schedule(args.schedule)
    except OSError as exc:
        LOG.error("cannot read schedule: %s", exc)
        return 1
    delays = {} if args.offline else fetch_delays(args.timeout)
    write_boards(build_boards(flights, delays), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
