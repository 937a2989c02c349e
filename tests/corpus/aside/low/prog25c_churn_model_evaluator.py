#!/usr/bin/env python3
"""Evaluate the customer churn model on a batch of feature files.

Artifacts are produced by the training pipeline and synced into ./artifacts:
  scaler.json             - feature means and scales
  segment_emb.safetensors - per-segment embedding table
  batch_*.npz             - feature batches (ids, segments, numeric arrays)
"""
import argparse
import csv
import json
import logging
import sys
from pathlib import Path

import numpy as np
from safetensors.numpy import load_file

log = logging.getLogger("churn_eval")


class StandardScaler:
    def __init__(self, mean, scale):
        self.mean = np.asarray(mean, dtype=float)
        self.scale = np.asarray(scale, dtype=float)

    def transform(self, x: np.ndarray) -> np.ndarray:
        return (x - self.mean) / self.scale


class ArtifactStore:
    def __init__(self, root: Path):
        self.root = root

    def path(self, name: str) -> Path:
        p = self.root / name
        if not p.exists():
            raise FileNotFoundError(f"artifact {p} not found")
        return p

    def scaler(self) -> StandardScaler:
        raw = json.loads(self.path("scaler.json").read_text(encoding="utf-8"))
        return StandardScaler(raw["mean"], raw["scale"])

    def segment_embeddings(self) -> np.ndarray:
        tensors = load_file(str(self.path("segment_emb.safetensors")))
        return tensors["embeddings"]

    def batches(self):
        for p in sorted(self.root.glob("batch_*.npz")):
            with np.load(p, allow_pickle=False) as data:
                yield p.name, data["ids"], data["segments"], data["numeric"]


class ChurnScorer:
    def __init__(self, store: ArtifactStore, weights: np.ndarray, bias: float):
        self.scaler = store.scaler()
        self.embeddings = store.segment_embeddings()
        self.weights = weights
        self.bias = bias

    def score(self, ids, segments, numeric):
        scaled = self.scaler.transform(numeric.astype(float))
        emb = self.embeddings[segments.astype(int)]
        features = np.hstack([scaled, emb])
        logits = features @ self.weights + self.bias
        probs = 1.0 / (1.0 + np.exp(-logits))
        return list(zip(ids.tolist(), probs))


def load_linear_head(path: Path):
    with np.load(path, allow_pickle=False) as data:
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
        for name, ids, segments, numeric in store.batches():
            try:
                results = scorer.score(ids, segments, numeric)
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
