#!/usr/bin/env python3
"""Weekly fleece intake summary.

Reads the intake bench CSV exports (one row per fleece: grower, breed,
weight, micron) and writes a per-grower and per-breed summary next to them.
A content hash of each export is kept so unchanged weeks are not recomputed.
"""
import argparse
import base64
import csv
import hashlib
import json
import logging
import os
import statistics
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("fleece-summary")


@dataclass
class Tally:
    weights: list = field(default_factory=list)
    microns: list = field(default_factory=list)

    def add(self, kg, micron):
        self.weights.append(kg)
        if micron:
            self.microns.append(micron)

    def as_row(self, key):
        return {
            "key": key,
            "fleeces": len(self.weights),
            "total_kg": round(sum(self.weights), 2),
            "mean_kg": round(statistics.mean(self.weights), 2),
            "mean_micron": round(statistics.mean(self.microns), 1) if self.microns else "",
        }


def digest(path: Path):
    return hashlib.md5(path.read_bytes()).hexdigest()


def parse(path: Path):
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                yield row["grower"], row["breed"], float(row["weight_kg"]), float(row["micron"] or 0)
            except (KeyError, ValueError):
                log.warning("%s: bad row %r", path.name, row)


GROUPINGS = {
    "grower": lambda g, b: g,
    "breed": lambda g, b: b,
}


def summarise(path: Path):
    tallies = {name: defaultdict(Tally) for name in GROUPINGS}
    for grower, breed, kg, micron in parse(path):
        for name, keyfn in GROUPINGS.items():
            tallies[name][keyfn(grower, breed)].add(kg, micron)
    return {name: [t.as_row(k) for k, t in sorted(group.items())] for name, group in tallies.items()}


def write_outputs(path: Path, summary):
    for name, rows in summary.items():
        out = path.with_name(f"{path.stem}_by_{name}.csv")
        with out.open("w", newline="") as fh:
            writer = csv.DictWriter(fh, fieldnames=list(rows[0]) if rows else ["key"])
            writer.writeheader()
            writer.writerows(rows)
        log.info("wrote %s", out.name)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("folder", type=Path, nargs="?",
                        default=Path(os.environ.get("INTAKE_DIR", "intake_exports")))
    parser.add_argument("--force", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    state_path = args.folder / ".summary_state.json"
    state = json.loads(state_path.read_text()) if state_path.exists() else {}
    for export in sorted(args.folder.glob("intake_*.csv")):
        key = digest(export)
        if not args.force and state.get(export.name) == key:
            log.info("%s unchanged, skipping", export.name)
            continue
        summary = summarise(export)
        write_outputs(export, summary)
        state[export.name] = key
        # short printable tag for the weekly e-mail subject line
        tag = base64.urlsafe_b64encode(bytes.fromhex(key)[:6]).decode()
        log.info("%s summarised (tag %s)", export.name, tag)
    state_path.write_text(json.dumps(state, indent=2))
    os.chmod(state_path, 0o600)


if __name__ == "__main__":
    main()
