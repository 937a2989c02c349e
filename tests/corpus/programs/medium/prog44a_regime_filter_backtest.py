#!/usr/bin/env python3
"""Backtest a momentum strategy gated by a pre-trained market-regime classifier.

The classifier is produced by the research notebook and shipped as a joblib
artefact; this runner loads it, labels each bar, and only trades in the
"trend" regime.  Summary statistics are written to ./results/regime_summary.json.
"""
import argparse
import json
import logging
from pathlib import Path

import joblib
import numpy as np
import pandas as pd

log = logging.getLogger("regime-bt")
REGIMES = {0: "chop", 1: "trend", 2: "crash"}


def features(close, window):
    rets = np.log(close).diff()
    frame = pd.DataFrame({
        "ret_mean": rets.rolling(window).mean(),
        "ret_std": rets.rolling(window).std(),
        "range": (close.rolling(window).max() - close.rolling(window).min()) / close,
        "slope": close.rolling(window).apply(lambda w: np.polyfit(np.arange(len(w)), w, 1)[0], raw=True),
    })
    return frame.dropna()


class RegimeGate:
    def __init__(self, model_path):
        self.model_path = Path(model_path)
        bundle = joblib.load(self.model_path)
        self.model = bundle["model"] if isinstance(bundle, dict) else bundle
        self.columns = bundle.get("columns") if isinstance(bundle, dict) else None
        log.info("loaded %s from %s", type(self.model).__name__, self.model_path)

    def label(self, feats):
        if self.columns:
            feats = feats[self.columns]
        return pd.Series(self.model.predict(feats.values), index=feats.index)


def backtest(close, regimes, lookback, fee_bps):
    mom = close.pct_change(lookback)
    aligned = regimes.reindex(close.index).ffill().fillna(0).astype(int)
    position = ((mom > 0) & (aligned == 1)).astype(float)
    rets = close.pct_change().fillna(0)
    turnover = position.diff().abs().fillna(0)
    pnl = position.shift(1).fillna(0) * rets - turnover * fee_bps / 1e4
    equity = (1 + pnl).cumprod()
    sharpe = np.sqrt(252) * pnl.mean() / pnl.std() if pnl.std() > 0 else 0.0
    return {
        "final_equity": float(equity.iloc[-1]),
        "sharpe": float(sharpe),
        "max_drawdown": float((equity / equity.cummax() - 1).min()),
        "time_in_market": float(position.mean()),
        "regime_share": {REGIMES.get(k, str(k)): float(v)
                         for k, v in aligned.value_counts(normalize=True).items()},
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("prices", help="CSV with date,close columns")
    ap.add_argument("--model", default="models/regime_clf.joblib")
    ap.add_argument("--window", type=int, default=30)
    ap.add_argument("--lookback", type=int, default=20)
    ap.add_argument("--fee-bps", type=float, default=5.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")

    df = pd.read_csv(args.prices, parse_dates=["date"]).set_index("date").sort_index()
    close = df["close"].astype(float)
    try:
        gate = RegimeGate(args.model)
    except (FileNotFoundError, KeyError) as exc:
        log.error("cannot load regime model: %s", exc)
        return 2

    regimes = gate.label(features(close, args.window))
    stats = backtest(close, regimes, args.lookback, args.fee_bps)
    out = Path("results")
    out.mkdir(exist_ok=True)
    (out / "regime_summary.json").write_text(json.dumps(stats, indent=2))
    for k, v in stats.items():
        log.info("%-15s %s", k, v)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
