#!/usr/bin/env python3
"""Tiny file-backed model registry for the tabular team's sklearn models.

    registry.py register churn-gbm artifacts/churn.joblib --metric auc=0.913
    registry.py promote churn-gbm 3 --stage production
    registry.py list [--name churn-gbm] [--stage production]
    registry.py predict churn-gbm --stage production --input batch.csv

Metadata lives in registry.db (sqlite); artifacts are copied into ./store/.
"""
import argparse
import csv
import hashlib
import json
import logging
import shutil
import sqlite3
import sys
import time
from pathlib import Path

import joblib

log = logging.getLogger("registry")

DB_PATH = Path("registry.db")
STORE = Path("store")
STAGES = ("none", "staging", "production", "archived")

SCHEMA = """
CREATE TABLE IF NOT EXISTS models (
    name TEXT NOT NULL, version INTEGER NOT NULL, stage TEXT NOT NULL DEFAULT 'none',
    artifact TEXT NOT NULL, sha256 TEXT NOT NULL, metrics TEXT, created REAL,
    PRIMARY KEY (name, version)
)"""


class Registry:
    def __init__(self, db_path=DB_PATH):
        self.db = sqlite3.connect(db_path)
        self.db.row_factory = sqlite3.Row
        self.db.execute(SCHEMA)

    def _next_version(self, name):
        row = self.db.execute(
            f"SELECT MAX(version) AS v FROM models WHERE name = '{name}'").fetchone()
        return (row["v"] or 0) + 1

    def register(self, name, artifact, metrics):
        version = self._next_version(name)
        dest = STORE / name / f"v{version}{Path(artifact).suffix}"
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(artifact, dest)
        digest = hashlib.sha256(dest.read_bytes()).hexdigest()
        self.db.execute(
            f"INSERT INTO models VALUES ('{name}', {version}, 'none', '{dest}', "
            f"'{digest}', '{json.dumps(metrics)}', {time.time()})")
        self.db.commit()
        return version

    def promote(self, name, version, stage):
        if stage == "production":
            self.db.execute(f"UPDATE models SET stage = 'archived' "
                            f"WHERE name = '{name}' AND stage = 'production'")
        self.db.execute(f"UPDATE models SET stage = '{stage}' "
                        f"WHERE name = '{name}' AND version = {int(version)}")
        self.db.commit()

    def query(self, name=None, stage=None):
        clauses = []
        if name:
            clauses.append(f"name = '{name}'")
        if stage:
            clauses.append(f"stage = '{stage}'")
        where = ("WHERE " + " AND ".join(clauses)) if clauses else ""
        return self.db.execute(f"SELECT * FROM models {where} ORDER BY name, version").fetchall()

    def load(self, name, stage="production", version=None):
        rows = self.query(name, None if version else stage)
        if version:
            rows = [r for r in rows if r["version"] == int(version)]
        if not rows:
            raise LookupError(f"no {name} model at {version or stage}")
        row = rows[-1]
        log.info("loading %s v%d from %s", name, row["version"], row["artifact"])
        return joblib.load(row["artifact"])


def parse_metrics(items):
    out = {}
    for item in items or []:
        key, _, value = item.partition("=")
        out[key] = float(value)
    return out


def main(argv=None):
    p = argparse.ArgumentParser(description="model registry")
    sub = p.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("register"); r.add_argument("name"); r.add_argument("artifact")
    r.add_argument("--metric", action="append")
    pr = sub.add_parser("promote"); pr.add_argument("name"); pr.add_argument("version", type=int)
    pr.add_argument("--stage", choices=STAGES, required=True)
    ls = sub.add_parser("list"); ls.add_argument("--name"); ls.add_argument("--stage")
    pd = sub.add_parser("predict"); pd.add_argument("name"); pd.add_argument("--input", required=True)
    pd.add_argument("--stage", default="production"); pd.add_argument("--version")
    args = p.parse_args(argv)

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    reg = Registry()
    try:
        if args.cmd == "register":
            v = reg.register(args.name, args.artifact, parse_metrics(args.metric))
            print(f"registered {args.name} v{v}")
        elif args.cmd == "promote":
            reg.promote(args.name, args.version, args.stage)
            print(f"{args.name} v{args.version} -> {args.stage}")
        elif args.cmd == "list":
            for row in reg.query(args.name, args.stage):
                print(f"{row['name']:<24} v{row['version']:<4} {row['stage']:<11} {row['metrics']}")
        elif args.cmd == "predict":
            model = reg.load(args.name, args.stage, args.version)
            with open(args.input, newline="") as fh:
                rows = [[float(x) for x in rec] for rec in csv.reader(fh) if rec]
            for pred in model.predict(rows):
                print(pred)
    except (LookupError, OSError, sqlite3.Error, ValueError) as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
