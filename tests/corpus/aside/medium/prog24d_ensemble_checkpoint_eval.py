#!/usr/bin/env python3
"""Evaluate an ensemble of saved classifier checkpoints on the validation split.

Each member was saved with torch.save(model) by the sweep runner, so the
whole module object is restored here. The label encoder fitted during
preprocessing is restored with joblib. Results go to ./eval/ensemble.json.
"""
import argparse
import json
import logging
import sys
from pathlib import Path

import joblib
import numpy as np
import pandas as pd
import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset

log = logging.getLogger("ensemble_eval")


def load_members(ckpt_dir: Path, device: torch.device, pattern: str = "member_*.pt") -> list:
    members = []
    for path in sorted(ckpt_dir.glob(pattern)):
        try:
            model = torch.load(path, map_location=device)
        except Exception as exc:
            log.warning("could not load %s: %s", path.name, exc)
            continue
        if isinstance(model, dict):
            log.warning("%s is a bare state dict, skipping", path.name)
            continue
        model.eval()
        members.append((path.stem, model))
        log.info("loaded %s (%d params)", path.name, sum(p.numel() for p in model.parameters()))
    return members


def build_loader(csv_path: Path, encoder, batch_size: int) -> tuple[DataLoader, np.ndarray]:
    frame = pd.read_csv(csv_path)
    labels = encoder.transform(frame.pop("label"))
    feats = frame.select_dtypes(include=[np.number]).fillna(0.0).to_numpy(np.float32)
    ds = TensorDataset(torch.from_numpy(feats), torch.from_numpy(labels.astype(np.int64)))
    return DataLoader(ds, batch_size=batch_size), labels


@torch.no_grad()
def predict(members, loader, device) -> dict:
    per_member = {name: [] for name, _ in members}
    for xb, _ in loader:
        xb = xb.to(device)
        for name, model in members:
            per_member[name].append(F.softmax(model(xb), dim=1).cpu().numpy())
    return {name: np.concatenate(chunks) for name, chunks in per_member.items()}


def score(probs: dict, labels: np.ndarray, weights: dict | None = None) -> dict:
    result = {"members": {}}
    for name, p in probs.items():
        result["members"][name] = float((p.argmax(1) == labels).mean())
    weights = weights or {name: 1.0 for name in probs}
    total_w = sum(weights.values())
    blended = sum(probs[n] * (w / total_w) for n, w in weights.items() if n in probs)
    result["ensemble_acc"] = float((blended.argmax(1) == labels).mean())
    eps = 1e-9
    result["ensemble_nll"] = float(-np.log(blended[np.arange(len(labels)), labels] + eps).mean())
    return result


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--ckpt-dir", type=Path, default=Path("checkpoints/sweep_07"))
    ap.add_argument("--val-csv", type=Path, default=Path("data/val.csv"))
    ap.add_argument("--encoder", type=Path, default=Path("artifacts/label_encoder.joblib"))
    ap.add_argument("--weights", type=Path, help="optional JSON of member weights")
    ap.add_argument("--batch-size", type=int, default=512)
    ap.add_argument("--cpu", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    device = torch.device("cpu" if args.cpu or not torch.cuda.is_available() else "cuda")
    encoder = joblib.load(args.encoder)
    members = load_members(args.ckpt_dir, device)
    if not members:
        log.error("no usable checkpoints in %s", args.ckpt_dir)
        return 1

    loader, labels = build_loader(args.val_csv, encoder, args.batch_size)
    probs = predict(members, loader, device)
    weights = json.loads(args.weights.read_text()) if args.weights else None
    result = score(probs, labels, weights)

    out = Path("eval")
    out.mkdir(exist_ok=True)
    (out / "ensemble.json").write_text(json.dumps(result, indent=2))
    for name, acc in sorted(result["members"].items(), key=lambda kv: -kv[1]):
        log.info("%-20s acc=%.4f", name, acc)
    log.info("ensemble acc=%.4f nll=%.4f", result["ensemble_acc"], result["ensemble_nll"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
