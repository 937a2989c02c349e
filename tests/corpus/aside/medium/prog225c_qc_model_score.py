#!/usr/bin/env python3
"""Score libraries with the QC pass/fail classifier.

Reads the per-library metrics table produced by the QC step (CSV with
insert size, duplication, Q30, adapter content, ...), loads the trained
classifier that the data science team drops into ./models, and writes a
table of predicted pass probabilities plus a flag for manual review.
"""

import argparse
import csv
import logging
import pickle
import sys
from pathlib import Path

LOG = logging.getLogger("qc_model_score")
FEATURES = [
    "total_reads",
    "pct_q30",
    "pct_duplication",
    "median_insert",
    "pct_adapter",
    "pct_mapped",
]


class QcScorer:
    def __init__(self, model_path: Path, threshold: float):
        self.model_path = model_path
        self.threshold = threshold
        self.model = None
        self.feature_names = FEATURES

    def load(self) -> None:
        with open(self.model_path, "rb") as fh:
            bundle = pickle.load(fh)
        if isinstance(bundle, dict):
            self.model = bundle["model"]
            self.feature_names = bundle.get("features", FEATURES)
        else:
            self.model = bundle
        LOG.info("loaded model %s (%d features)",
                 type(self.model).__name__, len(self.feature_names))

    def vectorise(self, row: dict) -> list:
        vec = []
        for name in self.feature_names:
            try:
                vec.append(float(row[name]))
            except (KeyError, ValueError):
                raise ValueError(f"library {row.get('library_id')}: bad {name}")
        return vec

    def score(self, rows: list) -> list:
        results = []
        good_rows, vectors = [], []
        for row in rows:
            try:
                vectors.append(self.vectorise(row))
                good_rows.append(row)
            except ValueError as exc:
                LOG.warning("%s", exc)
        if not vectors:
            return results
        probs = self.model.predict_proba(vectors)
        for row, prob in zip(good_rows, probs):
            p_pass = float(prob[1])
            results.append({
                "library_id": row.get("library_id", "?"),
                "p_pass": round(p_pass, 4),
                "review": "yes" if p_pass < self.threshold else "no",
            })
        return results


def read_metrics(path: Path) -> list:
    with open(path, newline="") as fh:
        return list(csv.DictReader(fh))


def write_results(results: list, path: Path) -> None:
    with open(path, "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=["library_id", "p_pass", "review"])
        writer.writeheader()
        writer.writerows(results)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("metrics", type=Path)
    ap.add_argument("--model", type=Path, default=Path("models/qc_classifier.pkl"))
    ap.add_argument("--threshold", type=float, default=0.7)
    ap.add_argument("--out", type=Path, default=Path("qc_scores.csv"))
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    scorer = QcScorer(args.model, args.threshold)
    try:
        scorer.load()
        rows = read_metrics(args.metrics)
    except (OSError, pickle.UnpicklingError, KeyError) as exc:
        LOG.error("setup failed: %s", exc)
        return 1
    results = scorer.score(rows)
    write_results(results, args.out)
    flagged = sum(1 for r in results if r["review"] == "yes")
    LOG.info("scored %d libraries, %d flagged for review -> %s",
             len(results), flagged, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
