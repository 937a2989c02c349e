#!/usr/bin/env python3
"""Computes hydraulic and organic loading rates for each reed bed cell.

Reads the daily flow log and the bed register from the working directory
and writes a short report for the monthly site review.
"""
import argparse
import csv
import logging
import statistics
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Dict, List

log = logging.getLogger("loading")


@dataclass
class Bed:
    name: str
    area_m2: float
    kind: str = "hssf"
    flows_m3d: List[float] = field(default_factory=list)

    @property
    def hlr_mmd(self) -> float:
        if not self.flows_m3d or self.area_m2 <= 0:
            return 0.0
        return statistics.mean(self.flows_m3d) / self.area_m2 * 1000.0

    def olr_gm2d(self, bod_mgl: float) -> float:
        if not self.flows_m3d or self.area_m2 <= 0:
            return 0.0
        return statistics.mean(self.flows_m3d) * bod_mgl / self.area_m2


LIMITS = {"hssf": 80.0, "vf": 120.0}


def load_beds(path: Path) -> Dict[str, Bed]:
    beds = {}
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            beds[row["bed"]] = Bed(row["bed"], float(row["area_m2"]), row.get("kind", "hssf").lower())
    return beds


def load_flows(path: Path, beds: Dict[str, Bed]) -> int:
    skipped = 0
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            bed = beds.get(row.get("bed", ""))
            try:
                if bed is None:
                    raise KeyError(row.get("bed"))
                bed.flows_m3d.append(float(row["flow_m3d"]))
            except (KeyError, ValueError):
                skipped += 1
    return skipped


def fmt_text(beds, bod):
    lines = [f"{'bed':8s} {'type':5s} {'HLR mm/d':>9s} {'OLR g/m2/d':>11s}  status"]
    for bed in beds.values():
        limit = LIMITS.get(bed.kind, 80.0)
        status = "over" if bed.hlr_mmd > limit else "ok"
        lines.append(f"{bed.name:8s} {bed.kind:5s} {bed.hlr_mmd:9.1f} {bed.olr_gm2d(bod):11.2f}  {status}")
    return "\n".join(lines) + "\n"


def fmt_csv(beds, bod):
    out = ["bed,type,hlr_mmd,olr_gm2d"]
    out += [f"{b.name},{b.kind},{b.hlr_mmd:.2f},{b.olr_gm2d(bod):.3f}" for b in beds.values()]
    return "\n".join(out) + "\n"


FORMATS: Dict[str, Callable] = {"text": fmt_text, "csv": fmt_csv}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="reed bed loading rate report")
    ap.add_argument("--beds", default="beds.csv")
    ap.add_argument("--flows", default="daily_flows.csv")
    ap.add_argument("--bod", type=float, default=180.0, help="mean influent BOD in mg/l")
    ap.add_argument("--format", choices=FORMATS, default="text")
    ap.add_argument("--out", default="loading_report.txt")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        beds = load_beds(Path(args.beds))
        skipped = load_flows(Path(args.flows), beds)
    except (OSError, KeyError, ValueError) as exc:
        log.error("cannot read inputs: %s", exc)
        return 1
    if skipped:
        log.warning("%d flow rows skipped", skipped)
    per_kind = defaultdict(int)
    for bed in beds.values():
        per_kind[bed.kind] += 1
    log.info("beds by type: %s", dict(per_kind))
    Path(args.out).write_text(FORMATS[args.format](beds, args.bod), encoding="utf-8")
    log.info("report written to %s", args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
