#!/usr/bin/env python3
"""Rank candidate products for next month's subscription box.

Pulls in-stock candidate SKUs from the curation database, scores them
per subscriber segment with the preference model the data team trains
each month, and writes the top picks per segment to a CSV the curators
review before locking the box.
"""
import argparse
import csv
import logging
import sqlite3
import sys
from dataclasses import dataclass
from pathlib import Path

import joblib
import numpy as np

LOG = logging.getLogger("curation_ranker")

SEGMENTS = ["dry", "oily", "combination", "sensitive", "mature"]


@dataclass
class Candidate:
    sku: str
    name: str
    brand: str
    category: str
    unit_cost: float
    rrp: float
    stock: int


class CandidateStore:
    def __init__(self, db_path):
        self.conn = sqlite3.connect(db_path)
        self.conn.row_factory = sqlite3.Row

    def fetch(self, month, min_stock, exclude_brands):
        clauses = [f"c.box_month = '{month}'", f"s.on_hand >= {int(min_stock)}"]
        if exclude_brands:
            quoted = ", ".join(f"'{b}'" for b in exclude_brands)
            clauses.append(f"p.brand NOT IN ({quoted})")
        query = (
            "SELECT p.sku, p.name, p.brand, p.category, p.unit_cost, p.rrp, s.on_hand "
            "FROM candidates c JOIN products p ON p.sku = c.sku "
            "JOIN stock s ON s.sku = p.sku WHERE " + " AND ".join(clauses)
        )
        LOG.debug("query: %s", query)
        rows = self.conn.execute(query).fetchall()
        return [Candidate(r["sku"], r["name"], r["brand"], r["category"],
                          r["unit_cost"], r["rrp"], r["on_hand"]) for r in rows]


class PreferenceModel:
    def __init__(self, path):
        bundle = joblib.load(path)
        self.model = bundle["model"]
        self.categories = bundle["categories"]
        self.version = bundle.get("version", "unknown")

    def features(self, cand, segment):
        cat = [1.0 if cand.category == c else 0.0 for c in self.categories]
        seg = [1.0 if segment == s else 0.0 for s in SEGMENTS]
        return cat + seg + [cand.rrp, cand.rrp / max(cand.unit_cost, 0.01)]

    def score(self, cands, segment):
        if not cands:
            return np.array([])
        X = np.array([self.features(c, segment) for c in cands])
        return self.model.predict_proba(X)[:, 1]


def pick(cands, scores, k, budget):
    order = np.argsort(-scores)
    chosen, spent, cats = [], 0.0, set()
    for i in order:
        c = cands[i]
        if c.category in cats or spent + c.unit_cost > budget:
            continue
        chosen.append((c, float(scores[i])))
        spent += c.unit_cost
        cats.add(c.category)
        if len(chosen) == k:
            break
    return chosen, spent


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("month", help="box month, e.g. 2024-07")
    ap.add_argument("--db", default="curation.sqlite")
    ap.add_argument("--model", default="models/preference_latest.joblib")
    ap.add_argument("--items", type=int, default=5)
    ap.add_argument("--budget", type=float, default=11.50, help="unit cost budget per box (GBP)")
    ap.add_argument("--min-stock", type=int, default=800)
    ap.add_argument("--exclude-brand", action="append", default=[])
    ap.add_argument("--out", type=Path, default=None)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    store = CandidateStore(args.db)
    cands = store.fetch(args.month, args.min_stock, args.exclude_brand)
    LOG.info("%d candidates for %s", len(cands), args.month)
    if not cands:
        return 1

    model = PreferenceModel(args.model)
    LOG.info("preference model version %s", model.version)

    out = args.out or Path(f"box_plan_{args.month}.csv")
    with out.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["segment", "rank", "sku", "name", "brand", "category", "score", "unit_cost"])
        for seg in SEGMENTS:
            chosen, spent = pick(cands, model.score(cands, seg), args.items, args.budget)
            for rank, (c, s) in enumerate(chosen, 1):
                w.writerow([seg, rank, c.sku, c.name, c.brand, c.category, f"{s:.3f}", c.unit_cost])
            LOG.info("%-12s %d items, £%.2f", seg, len(chosen), spent)
    LOG.info("wrote %s", out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
