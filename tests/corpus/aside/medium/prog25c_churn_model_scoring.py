#!/usr/bin/env python3
"""Score the customer churn model on a batch of feature files.

Artifacts are produced by the training pipeline and synced into ./artifacts:
  scaler.joblib       - fitted feature scaler
  segment_emb.pt      - per-segment embedding table (torch tensor)
  batch_*.npy         - feature batches (object arrays with customer ids)
"""
import argparse
import csv
import logging
import sys
from pathlib import Path

import joblib
import numpy as np
import torch

log = logging.getLogger("churn_scoring")


class ArtifactStore:
    def __init__(self, root: Path):
        self.root = root

    def path(self, name: str) -> Path:
        p = self.root / name
        if not p.exists():
            raise FileNotFoundError(f"artifact {p} not found")
        return p

    def scaler(self):
        return joblib.load(self.path("scaler.joblib"))

    def segment_embeddings(self):
        table = torch.load(self.path("segment_emb.pt"), map_location="cpu")
        return table.numpy() if hasattr(table, "numpy") else np.asarray(table)

    def batches(self):
        for p in sorted(self.root.glob("batch_*.npy")):
            yield p.name, np.load(p, allow_pickle=True)


class ChurnScorer:
    def __init__(self, store: ArtifactStore, weights: np.ndarray, bias: float):
        self.scaler = store.scaler()
        self.embeddings = store.segment_embeddings()
        self.weights = weights
        self.bias = bias

    def score(self, batch: np.ndarray):
        ids = batch[:, 0]
        segments = batch[:, 1].astype(int)
        numeric = batch[:, 2:].astype(float)
        scaled = self.scaler.transform(numeric)
        emb = self.embeddings[segments]
        features = np.hstack([scaled, emb])
        logits = features @ self.weights + self.bias
        probs = 1.0 / (1.0 + np.exp(-logits))
        return list(zip(ids, probs))


def load_linear_head(path: Path):
    data = np.load(path)
    return data["weights"], float(data["bias"])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--artifacts", type=Path, default=Path("artifacts"))
    ap.add_argument("--head", type=Path, default=Path("artifacts/head.npz"))
    ap.add_argument("--out", type=Path, default=Path("churn_scores.csv"))
    ap.add_argument("--threshold", type=float, default=0.7)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    store = ArtifactStore(args.artifacts)
    try:
        weights, bias = load_linear_head(args.head)
        scorer = ChurnScorer(store, weights, bias)
    except (FileNotFoundError, KeyError, ValueError) as exc:
        log.error("could not initialise scorer: %s", exc)
        return 1

    flagged = 0
    with args.out.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["customer_id", "churn_probability", "flag"])
        for name, batch in store.batches():
            try:
                results = scorer.score(batch)
            except (IndexError, ValueError) as exc:
                log.warning("skipping %s: %s", name, exc)
                continue
            for cid, prob in results:
                flag = prob >= args.threshold
                flagged += int(flag)
                writer.writerow([cid, f"{prob:.4f}", "Y" if flag else ""])
            log.info("scored %s (%d rows)", name, len(results))
    log.info("%d customers above threshold; results in %s", flagged, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
