#!/usr/bin/env python3
"""Evaluate saved checkpoints on the held-out split.

Walks checkpoints/<experiment>/epoch_*.pt, restores each one (model weights
plus the optimizer/scaler objects the trainer pickled alongside), runs the
test loader and writes a leaderboard CSV. The tabular preprocessing pipeline
saved by the data prep notebook is restored with joblib.
"""
import argparse
import csv
import glob
import logging
import os
import re
import sys
from typing import Dict, List

import joblib
import numpy as np
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

logger = logging.getLogger("ckpt_eval")
EPOCH_RE = re.compile(r"epoch_(\d+)\.pt$")


class TabularMLP(nn.Module):
    def __init__(self, n_in: int, hidden: List[int], n_out: int, dropout: float = 0.1):
        super().__init__()
        layers, prev = [], n_in
        for width in hidden:
            layers += [nn.Linear(prev, width), nn.ReLU(), nn.Dropout(dropout)]
            prev = width
        layers.append(nn.Linear(prev, n_out))
        self.net = nn.Sequential(*layers)

    def forward(self, x):
        return self.net(x)


def load_test_split(data_dir: str, preprocessor_path: str):
    raw = np.load(os.path.join(data_dir, "test.npz"))
    pipeline = joblib.load(preprocessor_path)
    features = pipeline.transform(raw["X"]).astype("float32")
    labels = raw["y"].astype("int64")
    ds = TensorDataset(torch.from_numpy(features), torch.from_numpy(labels))
    return ds, features.shape[1]


def restore(path: str, device: torch.device) -> Dict:
    state = torch.load(path, map_location=device)
    if "model_state" not in state:
        raise KeyError(f"{path}: not a trainer checkpoint")
    return state


@torch.no_grad()
def evaluate(model: nn.Module, loader: DataLoader, device) -> Dict[str, float]:
    model.eval()
    total, correct, loss_sum = 0, 0, 0.0
    criterion = nn.CrossEntropyLoss(reduction="sum")
    for xb, yb in loader:
        xb, yb = xb.to(device), yb.to(device)
        logits = model(xb)
        loss_sum += criterion(logits, yb).item()
        correct += (logits.argmax(dim=1) == yb).sum().item()
        total += yb.numel()
    return {"loss": loss_sum / max(total, 1), "accuracy": correct / max(total, 1)}


def discover(ckpt_dir: str) -> List[str]:
    paths = glob.glob(os.path.join(ckpt_dir, "epoch_*.pt"))
    return sorted(paths, key=lambda p: int(EPOCH_RE.search(p).group(1)))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("experiment")
    ap.add_argument("--ckpt-root", default="checkpoints")
    ap.add_argument("--data-dir", default="data/processed")
    ap.add_argument("--preprocessor", default="artifacts/preprocess.joblib")
    ap.add_argument("--batch-size", type=int, default=1024)
    ap.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    ap.add_argument("--out", default="leaderboard.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    device = torch.device(args.device)
    ds, n_in = load_test_split(args.data_dir, args.preprocessor)
    loader = DataLoader(ds, batch_size=args.batch_size, shuffle=False)

    ckpts = discover(os.path.join(args.ckpt_root, args.experiment))
    if not ckpts:
        logger.error("no checkpoints found for %s", args.experiment)
        return 1

    results = []
    for path in ckpts:
        try:
            state = restore(path, device)
        except (KeyError, RuntimeError, OSError) as exc:
            logger.warning("skipping %s: %s", path, exc)
            continue
        hp = state.get("hparams", {})
        model = TabularMLP(n_in, hp.get("hidden", [256, 128]), hp.get("n_classes", 2),
                           hp.get("dropout", 0.1)).to(device)
        model.load_state_dict(state["model_state"])
        metrics = evaluate(model, loader, device)
        epoch = int(EPOCH_RE.search(path).group(1))
        logger.info("epoch %3d  loss %.4f  acc %.4f", epoch, metrics["loss"], metrics["accuracy"])
        results.append({"epoch": epoch, "path": path, **metrics})

    results.sort(key=lambda r: r["accuracy"], reverse=True)
    with open(args.out, "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=["epoch", "path", "loss", "accuracy"])
        writer.writeheader()
        writer.writerows(results)
    logger.info("best: epoch %d (acc %.4f) -> %s", results[0]["epoch"],
                results[0]["accuracy"], args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
