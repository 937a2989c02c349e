#!/usr/bin/env python3
"""Inventory report for carved carousel figures.

Reads the workshop's figures.csv (one row per horse, menagerie animal or
chariot) and writes a Markdown status report grouped by carver and stage,
for the monthly trustees' meeting.
"""
import argparse
import csv
import logging
import sys
from collections import Counter, defaultdict
from datetime import date
from pathlib import Path

LOG = logging.getLogger("inventory")

STAGES = ["received", "stripped", "repaired", "primed", "painted", "gilded", "returned"]
REQUIRED = {"figure_id", "type", "carver", "stage", "row"}


def read_figures(path):
    with open(path, newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        missing = REQUIRED - set(reader.fieldnames or [])
        if missing:
            raise ValueError(f"missing columns: {', '.join(sorted(missing))}")
        rows = [r for r in reader if r.get("figure_id")]
    LOG.info("read %d figures from %s", len(rows), path)
    return rows


def stage_index(stage):
    try:
        return STAGES.index(stage.strip().lower())
    except ValueError:
        return -1


class Report:
    def __init__(self, figures):
        self.figures = figures

    def by_carver(self):
        groups = defaultdict(list)
        for f in self.figures:
            groups[f["carver"].strip() or "unattributed"].append(f)
        return dict(sorted(groups.items()))

    def stage_counts(self):
        return Counter(f["stage"].strip().lower() for f in self.figures)

    def render(self):
        out = [f"# Figure inventory - {date.today():%B %Y}", ""]
        counts = self.stage_counts()
        out.append("| Stage | Figures |")
        out.append("|---|---|")
        for stage in STAGES:
            out.append(f"| {stage} | {counts.get(stage, 0)} |")
        unknown = sum(v for k, v in counts.items() if k not in STAGES)
        if unknown:
            out.append(f"| (unrecognised) | {unknown} |")
        out.append("")
        for carver, figs in self.by_carver().items():
            out.append(f"## {carver} ({len(figs)})")
            for f in sorted(figs, key=lambda r: stage_index(r["stage"])):
                out.append(f"- {f['figure_id']}: {f['type']}, row {f['row']}, {f['stage']}")
            out.append("")
        return "\n".join(out)


def output_name(prefix):
    return "_".join([prefix, date.today().strftime("%Y%m")]) + ".md"


def main():
    parser = argparse.ArgumentParser(description="Carousel figure inventory report")
    parser.add_argument("csv", nargs="?", default="figures.csv")
    parser.add_argument("--prefix", default="inventory_report")
    parser.add_argument("--stdout", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        figures = read_figures(args.csv)
    except (OSError, ValueError, csv.Error) as exc:
        LOG.error("cannot read inventory: %s", exc)
        return 1
    text = Report(figures).render()
    if args.stdout:
        print(text)
        return 0
    target = Path(output_name(args.prefix))
    target.write_text(text, encoding="utf-8")
    LOG.info("report written to %s", target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
