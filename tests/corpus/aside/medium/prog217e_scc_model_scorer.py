#!/usr/bin/env python3
"""Score today's somatic cell count results with the lab's mastitis-risk model.

The model was trained by the cooperative's vet advisor and handed over as a
pickled scikit-learn pipeline. Today's SCC exports are gathered by a small
shell pipeline, scored, and a per-farm risk list is written.
"""
import argparse
import csv
import io
import logging
import os
import pickle
import subprocess
import sys
from datetime import date
from pathlib import Path

LOG = logging.getLogger("scc_scorer")

GATHER = r"""
set -o pipefail
shopt -s nullglob
files=( "$EXPORT_DIR"/scc_"$RUN_DAY"_*.csv )
if [ ${#files[@]} -eq 0 ]; then exit 3; fi
head -n 1 "${files[0]}"
for f in "${files[@]}"; do tail -n +2 "$f"; done | sort -t, -k1,1 | uniq
"""


class ModelStore:
    def __init__(self, path: Path):
        self.path = path

    def load(self):
        LOG.info("loading model from %s", self.path)
        with self.path.open("rb") as fh:
            return pickle.load(fh)


class ExportGatherer:
    def __init__(self, export_dir: Path, run_day: str):
        self.export_dir = export_dir
        self.run_day = run_day

    def rows(self):
        env = dict(os.environ, EXPORT_DIR=str(self.export_dir), RUN_DAY=self.run_day)
        res = subprocess.run(["bash", "-c", GATHER], env=env, capture_output=True, text=True)
        if res.returncode == 3:
            LOG.warning("no exports for %s in %s", self.run_day, self.export_dir)
            return []
        if res.returncode != 0:
            raise RuntimeError(f"gather failed: {res.stderr.strip()}")
        return list(csv.DictReader(io.StringIO(res.stdout)))


def features(row):
    return [
        float(row["scc_k_per_ml"]),
        float(row.get("conductivity_ms", 0) or 0),
        float(row.get("days_in_milk", 0) or 0),
        float(row.get("parity", 1) or 1),
    ]


def score(model, rows):
    usable, X = [], []
    for row in rows:
        try:
            X.append(features(row))
            usable.append(row)
        except (KeyError, ValueError) as exc:
            LOG.debug("skipping sample %s: %s", row.get("sample_id"), exc)
    if not X:
        return []
    probs = model.predict_proba(X)
    return [(r["farm_id"], r["sample_id"], round(float(p[1]), 3)) for r, p in zip(usable, probs)]


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--model", type=Path, default=Path("models/scc_mastitis.pkl"))
    p.add_argument("--exports", type=Path, default=Path("exports"))
    p.add_argument("--day", default=date.today().strftime("%Y%m%d"))
    p.add_argument("--threshold", type=float, default=0.6)
    p.add_argument("--out", type=Path, default=Path("scc_risk.csv"))
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        model = ModelStore(args.model).load()
        rows = ExportGatherer(args.exports, args.day).rows()
    except (OSError, RuntimeError, pickle.UnpicklingError) as exc:
        LOG.error("%s", exc)
        return 1
    scored = score(model, rows)
    flagged = [s for s in scored if s[2] >= args.threshold]
    with args.out.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["farm_id", "sample_id", "risk"])
        w.writerows(sorted(flagged, key=lambda s: -s[2]))
    LOG.info("%d samples scored, %d at or above %.2f -> %s",
             len(scored), len(flagged), args.threshold, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
