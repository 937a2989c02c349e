#!/usr/bin/env python3
"""Promote a candidate model in the local model registry.

Registry layout (inside the project):
    registry/registry.db          sqlite catalogue of versions
    registry/<name>/<version>/model.joblib
A candidate is promoted to "production" when it beats the current
production model on the holdout set stored in data/holdout.csv.
"""
import argparse
import csv
import logging
import shutil
import sqlite3
import sys
from pathlib import Path

import joblib

REGISTRY = Path("registry")
log = logging.getLogger("registry")


def load_holdout(path: Path):
    features, labels = [], []
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            labels.append(int(row.pop("label")))
            features.append([float(v) for v in row.values()])
    return features, labels


def accuracy(model, features, labels) -> float:
    preds = model.predict(features)
    return sum(int(p == y) for p, y in zip(preds, labels)) / max(len(labels), 1)


class Registry:
    def __init__(self, root: Path):
        self.root = root
        self.db = sqlite3.connect(root / "registry.db")
        self.db.execute("CREATE TABLE IF NOT EXISTS versions (name TEXT, version TEXT, "
                        "stage TEXT, score REAL)")

    def stage_of(self, name: str, stage: str):
        query = "SELECT version, score FROM versions WHERE name = '%s' AND stage = '%s'" % (name, stage)
        return self.db.execute(query).fetchone()

    def set_stage(self, name: str, version: str, stage: str, score: float) -> None:
        self.db.execute(f"UPDATE versions SET stage = 'archived' WHERE name = '{name}' "
                        f"AND stage = '{stage}'")
        self.db.execute(f"UPDATE versions SET stage = '{stage}', score = {score} "
                        f"WHERE name = '{name}' AND version = '{version}'")
        self.db.commit()

    def artifact(self, name: str, version: str) -> Path:
        return self.root / name / version / "model.joblib"

    def load(self, name: str, version: str):
        path = self.artifact(name, version)
        log.info("loading %s", path)
        return joblib.load(path)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("name")
    ap.add_argument("candidate", help="version to evaluate")
    ap.add_argument("--holdout", default="data/holdout.csv", type=Path)
    ap.add_argument("--min-gain", type=float, default=0.002)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    reg = Registry(REGISTRY)
    X, y = load_holdout(args.holdout)
    cand_score = accuracy(reg.load(args.name, args.candidate), X, y)
    log.info("candidate %s accuracy %.4f", args.candidate, cand_score)

    current = reg.stage_of(args.name, "production")
    if current:
        prod_version, _ = current
        prod_score = accuracy(reg.load(args.name, prod_version), X, y)
        log.info("production %s accuracy %.4f", prod_version, prod_score)
        if cand_score < prod_score + args.min_gain:
            log.info("candidate does not beat production by %.4f; keeping %s",
                     args.min_gain, prod_version)
            return 1
    if args.dry_run:
        log.info("dry run: would promote %s", args.candidate)
        return 0
    reg.set_stage(args.name, args.candidate, "production", cand_score)
    latest = REGISTRY / args.name / "production.joblib"
    shutil.copy2(reg.artifact(args.name, args.candidate), latest)
    log.info("promoted %s -> %s", args.candidate, latest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
