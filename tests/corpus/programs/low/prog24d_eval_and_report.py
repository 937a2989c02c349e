#!/usr/bin/env python3
"""Evaluate a trained image classifier checkpoint and report metrics.

Loads the state dict saved by train.py, runs the validation split, writes
metrics to ./eval/<run>/metrics.json and pushes them to the experiment
tracker (TRACKER_API_KEY from the environment, TRACKER_URL optional).
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import time
from pathlib import Path

import numpy as np
import requests
import torch
import torch.nn as nn
from torch.utils.data import DataLoader
from torchvision import datasets, transforms

log = logging.getLogger("evaluate")
DEFAULT_TRACKER = "https://tracker.mlops.internal.example.com"


class SmallConvNet(nn.Module):
    def __init__(self, num_classes: int = 10):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 32, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(32, 64, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(64, 128, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1),
        )
        self.head = nn.Linear(128, num_classes)

    def forward(self, x):
        return self.head(torch.flatten(self.features(x), 1))


def cache_key(*parts: str) -> str:
    # MD5 only names the cache directory for a given checkpoint + split
    return hashlib.md5("|".join(parts).encode()).hexdigest()[:16]


def load_model(ckpt: Path, device: torch.device) -> nn.Module:
    state = torch.load(ckpt, map_location=device, weights_only=True)
    if "model" in state:
        state = state["model"]
    model = SmallConvNet()
    missing, unexpected = model.load_state_dict(state, strict=False)
    if missing or unexpected:
        log.warning("state dict mismatch: missing=%s unexpected=%s", missing, unexpected)
    return model.to(device).eval()


@torch.no_grad()
def evaluate(model: nn.Module, loader: DataLoader, device: torch.device) -> dict:
    n_classes = 10
    confusion = np.zeros((n_classes, n_classes), dtype=np.int64)
    total_loss, seen = 0.0, 0
    criterion = nn.CrossEntropyLoss(reduction="sum")
    for images, labels in loader:
        images, labels = images.to(device), labels.to(device)
        logits = model(images)
        total_loss += criterion(logits, labels).item()
        preds = logits.argmax(1)
        for t, p in zip(labels.cpu().numpy(), preds.cpu().numpy()):
            confusion[t, p] += 1
        seen += labels.size(0)
    per_class = confusion.diagonal() / np.maximum(confusion.sum(1), 1)
    return {
        "val_loss": total_loss / max(seen, 1),
        "val_acc": float(confusion.diagonal().sum() / max(seen, 1)),
        "per_class_acc": [round(float(x), 4) for x in per_class],
        "samples": int(seen),
    }


def push_metrics(run_id: str, metrics: dict) -> None:
    api_key = os.environ.get("TRACKER_API_KEY")
    if not api_key:
        log.info("TRACKER_API_KEY not set, skipping tracker upload")
        return
    base = os.environ.get("TRACKER_URL", DEFAULT_TRACKER).rstrip("/")
    resp = requests.post(
        f"{base}/api/v1/runs/{run_id}/metrics",
        json={"step": "final", "metrics": metrics, "ts": int(time.time())},
        headers={"Authorization": f"Bearer {api_key}"},
        timeout=15,
    )
    if resp.status_code >= 300:
        log.error("tracker rejected metrics: %s %s", resp.status_code, resp.text[:200])
    else:
        log.info("metrics pushed to tracker run %s", run_id)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("checkpoint", type=Path)
    ap.add_argument("--data-root", default="data/cifar10")
    ap.add_argument("--run-id", required=True)
    ap.add_argument("--batch-size", type=int, default=256)
    ap.add_argument("--no-push", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")

    if not args.checkpoint.is_file():
        log.error("checkpoint %s not found", args.checkpoint)
        return 1
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    tfm = transforms.Compose([transforms.ToTensor(),
                              transforms.Normalize((0.4914, 0.4822, 0.4465), (0.247, 0.243, 0.261))])
    val_set = datasets.CIFAR10(args.data_root, train=False, download=True, transform=tfm)
    loader = DataLoader(val_set, batch_size=args.batch_size, num_workers=2)

    out_dir = Path("eval") / args.run_id / cache_key(str(args.checkpoint.resolve()), "val")
    out_dir.mkdir(parents=True, exist_ok=True)

    model = load_model(args.checkpoint, device)
    metrics = evaluate(model, loader, device)
    (out_dir / "metrics.json").write_text(json.dumps(metrics, indent=2))
    log.info("val_acc=%.4f val_loss=%.4f", metrics["val_acc"], metrics["val_loss"])

    if not args.no_push:
        try:
            push_metrics(args.run_id, metrics)
        except requests.RequestException as exc:
            log.warning("tracker unreachable: %s", exc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
