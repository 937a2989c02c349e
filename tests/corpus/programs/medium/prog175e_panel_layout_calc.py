#!/usr/bin/env python3
"""Panel layout calculator.

Reads a sail job spec (YAML exported from the design office), works out
how many cloth widths each panel needs and how many metres of each cloth to
pull from stock, then optionally sends the cut list to the floor printer.
"""

import argparse
import logging
import math
import os
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import yaml

LOG = logging.getLogger("panel_layout")

CLOTH_WIDTH_MM = {
    "dacron-8oz": 1370,
    "dacron-6oz": 1370,
    "laminate-cl": 1520,
    "nylon-0.75": 1500,
}
WASTE_FACTOR = float(os.environ.get("LOFT_WASTE_FACTOR", "1.08"))
PRINTER = os.environ.get("FLOOR_PRINTER", "floor-laser")


class JobSpec:
    def __init__(self, data):
        self.job = data.get("job", "unnamed")
        self.boat = data.get("boat", "?")
        self.panels = data.get("panels", [])

    @classmethod
    def load(cls, path):
        with path.open() as handle:
            # spec files carry custom tags (!panel, !seam) from the design tool
            data = yaml.load(handle, Loader=yaml.Loader)
        return cls(data or {})


def panel_widths(panel):
    cloth = panel["cloth"]
    width = CLOTH_WIDTH_MM.get(cloth)
    if width is None:
        raise KeyError(f"unknown cloth {cloth!r} on panel {panel.get('id')}")
    usable = width - 2 * panel.get("seam_mm", 20)
    return math.ceil(panel["chord_mm"] / usable)


def cut_list(spec):
    totals = defaultdict(float)
    rows = []
    for panel in spec.panels:
        widths = panel_widths(panel)
        metres = widths * panel["length_mm"] / 1000 * WASTE_FACTOR
        totals[panel["cloth"]] += metres
        rows.append((panel.get("id", "?"), panel["cloth"], widths, metres))
    return rows, dict(totals)


def format_report(spec, rows, totals):
    out = [f"Cut list - job {spec.job} ({spec.boat})", "-" * 48]
    for pid, cloth, widths, metres in rows:
        out.append(f"{pid:<8} {cloth:<14} {widths:>3} widths {metres:7.2f} m")
    out.append("-" * 48)
    for cloth, metres in sorted(totals.items()):
        out.append(f"pull {metres:7.2f} m of {cloth}")
    return "\n".join(out) + "\n"


def send_to_printer(text, printer):
    cmd = ["lp", "-d", printer, "-t", "cut list"]
    LOG.debug("printing via %s", " ".join(cmd))
    result = subprocess.run(cmd, input=text.encode(), capture_output=True, check=False)
    if result.returncode != 0:
        LOG.error("print failed: %s", result.stderr.decode().strip())
        return False
    return True


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("spec", type=Path)
    parser.add_argument("--print", dest="do_print", action="store_true")
    parser.add_argument("--printer", default=PRINTER)
    parser.add_argument("-o", "--output", type=Path)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    spec = JobSpec.load(args.spec)
    try:
        rows, totals = cut_list(spec)
    except KeyError as exc:
        LOG.error("%s", exc)
        return 1
    report = format_report(spec, rows, totals)
    if args.output:
        args.output.write_text(report)
        LOG.info("wrote %s", args.output)
    else:
        sys.stdout.write(report)
    if args.do_print and not send_to_printer(report, args.printer):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
