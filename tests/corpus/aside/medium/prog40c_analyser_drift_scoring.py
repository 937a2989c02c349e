#!/usr/bin/env python3
"""Score analyser drift on QC control runs with the lab's trained drift model.

Rules and control targets live in qc_rules.yaml (which may reference custom
rule classes); the trained drift model is the pickle exported by the
biostatistics team. Produces drift_scores.csv with one score per run.
"""
import argparse
import csv
import logging
import pickle
import statistics
from pathlib import Path

import yaml

logger = logging.getLogger("drift_scoring")


class ControlTarget:
    def __init__(self, analyte, level, mean, sd):
        self.analyte = analyte
        self.level = level
        self.mean = float(mean)
        self.sd = float(sd)

    def z(self, value):
        return (value - self.mean) / self.sd if self.sd else 0.0


def load_rules(path):
    with open(path, encoding="utf-8") as fh:
        cfg = yaml.load(fh, Loader=yaml.Loader) or {}
    targets = {}
    for item in cfg.get("targets", []):
        t = ControlTarget(item["analyte"], item["level"], item["mean"], item["sd"])
        targets[(t.analyte, t.level)] = t
    return cfg.get("window", 5), targets


def load_model(path):
    p = Path(path)
    if not p.exists():
        raise SystemExit(f"drift model {p} not found; ask biostatistics for the export")
    with p.open("rb") as fh:
        return pickle.load(fh)


def features(zs, window):
    recent = zs[-window:]
    return [
        recent[-1],
        statistics.mean(recent),
        statistics.pstdev(recent) if len(recent) > 1 else 0.0,
        sum(1 for z in recent if z > 0) / len(recent),
    ]


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("runs", help="CSV export of QC runs")
    ap.add_argument("--rules", default="qc_rules.yaml")
    ap.add_argument("--model", default="drift_model.pkl")
    ap.add_argument("--out", default="drift_scores.csv")
    ap.add_argument("--alert", type=float, default=0.8)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    window, targets = load_rules(args.rules)
    model = load_model(args.model)
    history = {}
    scores = []

    with open(args.runs, newline="") as fh:
        for row in csv.DictReader(fh):
            key = (row["analyte"], row["level"])
            target = targets.get(key)
            if target is None:
                logger.warning("no target for %s level %s", *key)
                continue
            zs = history.setdefault((row["analyser"],) + key, [])
            zs.append(target.z(float(row["value"])))
            prob = float(model.predict_proba([features(zs, window)])[0][1])
            scores.append({
                "run_id": row["run_id"], "analyser": row["analyser"],
                "analyte": key[0], "level": key[1], "z": round(zs[-1], 2),
                "drift_prob": round(prob, 3), "alert": prob >= args.alert,
            })

    with open(args.out, "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(scores[0]) if scores else ["run_id"])
        writer.writeheader()
        writer.writerows(scores)
    alerts = sum(s["alert"] for s in scores)
    logger.info("%d runs scored, %d drift alerts -> %s", len(scores), alerts, args.out)


if __name__ == "__main__":
    main()
