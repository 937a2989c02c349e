#!/usr/bin/env python3
"""Apply Westgard QC rules to control-material runs from the chemistry analysers.

Rules and control targets live in qc_rules.yaml; the run data is a CSV export
in the working directory. Produces qc_review.csv with one verdict per run.
"""
import argparse
import csv
import json
import logging
import statistics
from pathlib import Path

import yaml

logger = logging.getLogger("qc_review")


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
        cfg = yaml.safe_load(fh) or {}
    targets = {}
    for item in cfg.get("targets", []):
        t = ControlTarget(item["analyte"], item["level"], item["mean"], item["sd"])
        targets[(t.analyte, t.level)] = t
    return cfg.get("rules", ["1_3s", "2_2s", "R_4s"]), targets


def load_bias_weights(path):
    # Per-analyser bias corrections are plain JSON numbers.
    p = Path(path)
    if not p.exists():
        return {}
    return {k: float(v) for k, v in json.loads(p.read_text()).items()}


def evaluate(zs, rules):
    violations = []
    if "1_3s" in rules and any(abs(z) > 3 for z in zs[-1:]):
        violations.append("1_3s")
    if "2_2s" in rules and len(zs) >= 2 and all(z > 2 for z in zs[-2:]):
        violations.append("2_2s")
    if "2_2s" in rules and len(zs) >= 2 and all(z < -2 for z in zs[-2:]):
        violations.append("2_2s")
    if "R_4s" in rules and len(zs) >= 2 and max(zs[-2:]) - min(zs[-2:]) > 4:
        violations.append("R_4s")
    return violations


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("runs", help="CSV export of QC runs")
    ap.add_argument("--rules", default="qc_rules.yaml")
    ap.add_argument("--bias", default="analyser_bias.json")
    ap.add_argument("--out", default="qc_review.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    rules, targets = load_rules(args.rules)
    bias = load_bias_weights(args.bias)
    history = {}
    verdicts = []

    with open(args.runs, newline="") as fh:
        for row in csv.DictReader(fh):
            key = (row["analyte"], row["level"])
            target = targets.get(key)
            if target is None:
                logger.warning("no target for %s level %s", *key)
                continue
            value = float(row["value"]) - bias.get(row["analyser"], 0.0)
            zs = history.setdefault((row["analyser"],) + key, [])
            zs.append(target.z(value))
            hits = evaluate(zs, rules)
            verdicts.append({
                "run_id": row["run_id"], "analyser": row["analyser"],
                "analyte": key[0], "level": key[1], "z": round(zs[-1], 2),
                "verdict": "REJECT" if hits else "ACCEPT", "rules": ";".join(hits),
            })

    with open(args.out, "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(verdicts[0]) if verdicts else ["run_id"])
        writer.writeheader()
        writer.writerows(verdicts)
    rejected = sum(v["verdict"] == "REJECT" for v in verdicts)
    if verdicts:
        logger.info("mean |z| %.2f", statistics.mean(abs(v["z"]) for v in verdicts))
    logger.info("%d runs reviewed, %d rejected -> %s", len(verdicts), rejected, args.out)


if __name__ == "__main__":
    main()
