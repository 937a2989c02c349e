#!/usr/bin/env python3
"""Evaluate every checkpoint in a run directory on a held-out set.

Checkpoints arrive as .tar.gz bundles from the training cluster (model.pt
plus a pickled preprocessing pipeline). Each bundle is unpacked, loaded and
scored; the best checkpoint is reported.
"""
import argparse
import json
import logging
import pickle
import tarfile
from pathlib import Path

import numpy as np
import torch

logger = logging.getLogger("ckpt-eval")


def unpack_bundle(bundle, dest):
    """Extract a checkpoint bundle into its own directory."""
    target = dest / bundle.name.replace(".tar.gz", "")
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(bundle, "r:gz") as tar:
        tar.extractall(target)
    return target


def load_checkpoint(folder, device):
    model = torch.load(folder / "model.pt", map_location=device)
    model.eval()
    with open(folder / "preprocess.pkl", "rb") as fh:
        pipeline = pickle.load(fh)
    return model, pipeline


def evaluate(model, pipeline, features, labels, device, batch_size=256):
    correct = 0
    with torch.no_grad():
        for start in range(0, len(features), batch_size):
            batch = pipeline.transform(features[start:start + batch_size])
            x = torch.as_tensor(batch, dtype=torch.float32, device=device)
            preds = model(x).argmax(dim=1).cpu().numpy()
            correct += int((preds == labels[start:start + batch_size]).sum())
    return correct / max(len(labels), 1)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("run_dir", type=Path)
    parser.add_argument("--holdout", type=Path, default=Path("holdout.npz"))
    parser.add_argument("--workdir", type=Path, default=Path("eval_cache"))
    parser.add_argument("--cpu", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    device = "cpu" if args.cpu or not torch.cuda.is_available() else "cuda"
    data = np.load(args.holdout)
    features, labels = data["x"], data["y"]

    results = {}
    for bundle in sorted(args.run_dir.glob("*.tar.gz")):
        try:
            folder = unpack_bundle(bundle, args.workdir)
            model, pipeline = load_checkpoint(folder, device)
            acc = evaluate(model, pipeline, features, labels, device)
        except (OSError, tarfile.TarError, RuntimeError) as exc:
            logger.warning("skipping %s: %s", bundle.name, exc)
            continue
        results[bundle.name] = acc
        logger.info("%-40s accuracy=%.4f", bundle.name, acc)

    if not results:
        logger.error("no checkpoints could be evaluated")
        return 1
    best = max(results, key=results.get)
    logger.info("best checkpoint: %s (%.4f)", best, results[best])
    (args.workdir / "scores.json").write_text(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
