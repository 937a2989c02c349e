#!/usr/bin/env python3
"""Grid-search an SMA crossover strategy over a local price CSV and render an HTML report.

Results for each parameter pair are cached as JSON (MD5 of the parameters is the
cache key); the equity chart is embedded in the report as a base64 PNG.
"""
import argparse
import base64
import hashlib
import io
import json
import logging
from concurrent.futures import ThreadPoolExecutor
from itertools import product
from pathlib import Path

import pandas as pd
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

logger = logging.getLogger(__name__)
RESULTS = Path("results")


def physical_cores():
    cores = set()
    try:
        with open("/proc/cpuinfo") as fh:
            phys = core = None
            for line in fh:
                if line.startswith("physical id"):
                    phys = line.split(":")[1].strip()
                elif line.startswith("core id"):
                    core = line.split(":")[1].strip()
                    cores.add((phys, core))
    except OSError:
        pass
    return max(1, len(cores))


def run_one(prices, fast, slow, fee_bps):
    key = hashlib.md5(f"{fast}:{slow}:{fee_bps}:{len(prices)}".encode()).hexdigest()
    cached = RESULTS / "cache" / f"{key}.json"
    if cached.exists():
        return json.loads(cached.read_text())
    sig = (prices.rolling(fast).mean() > prices.rolling(slow).mean()).astype(int)
    rets = prices.pct_change().fillna(0)
    trades = sig.diff().abs().fillna(0)
    strat = sig.shift(1).fillna(0) * rets - trades * fee_bps / 10_000
    equity = (1 + strat).cumprod()
    dd = (equity / equity.cummax() - 1).min()
    out = {"fast": fast, "slow": slow, "final": float(equity.iloc[-1]),
           "max_dd": float(dd), "trades": int(trades.sum())}
    cached.parent.mkdir(parents=True, exist_ok=True)
    cached.write_text(json.dumps(out))
    return out


def chart_b64(prices, fast, slow):
    fig, ax = plt.subplots(figsize=(9, 4))
    prices.plot(ax=ax, lw=0.8, label="close")
    prices.rolling(fast).mean().plot(ax=ax, label=f"SMA{fast}")
    prices.rolling(slow).mean().plot(ax=ax, label=f"SMA{slow}")
    ax.legend()
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=90)
    plt.close(fig)
    return base64.b64encode(buf.getvalue()).decode("ascii")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("prices_csv")
    p.add_argument("--fast", default="5,10,20")
    p.add_argument("--slow", default="50,100,200")
    p.add_argument("--fee-bps", type=float, default=7.5)
    args = p.parse_args()
    logging.basicConfig(level=logging.INFO)

    df = pd.read_csv(args.prices_csv, parse_dates=["date"], index_col="date")
    close = df["close"].astype(float)
    grid = [(f, s) for f, s in product(map(int, args.fast.split(",")),
                                       map(int, args.slow.split(","))) if f < s]
    workers = physical_cores()
    logger.info("%d combos on %d workers", len(grid), workers)
    with ThreadPoolExecutor(max_workers=workers) as pool:
        results = list(pool.map(lambda fs: run_one(close, fs[0], fs[1], args.fee_bps), grid))

    results.sort(key=lambda r: r["final"], reverse=True)
    best = results[0]
    rows = "".join(f"<tr><td>{r['fast']}</td><td>{r['slow']}</td><td>{r['final']:.3f}</td>"
                   f"<td>{r['max_dd']:.1%}</td><td>{r['trades']}</td></tr>" for r in results)
    html = (f"<html><body><h1>SMA grid: {Path(args.prices_csv).stem}</h1>"
            f"<img src='data:image/png;base64,{chart_b64(close, best['fast'], best['slow'])}'/>"
            f"<table>{rows}</table></body></html>")
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "report.html").write_text(html)
    logger.info("best fast=%d slow=%d final=%.3f", best["fast"], best["slow"], best["final"])


if __name__ == "__main__":
    main()
