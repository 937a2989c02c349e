#!/usr/bin/env python3
"""Build monthly sales pivot tables and bar charts from a CSV export.

Typical use:
    python sales_pivot_chart.py data/sales_2024.csv --out charts --top 8
"""
import argparse
import logging
import shutil
from pathlib import Path

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import pandas as pd

log = logging.getLogger("sales_pivot")

CACHE_DIR = Path(".chart_cache")
DATE_COLUMNS = ("order_date", "date", "created_at")


def load_sales(csv_path: Path) -> pd.DataFrame:
    df = pd.read_csv(csv_path)
    df.columns = [c.strip().lower().replace(" ", "_") for c in df.columns]
    date_col = next((c for c in DATE_COLUMNS if c in df.columns), None)
    if date_col is None:
        raise ValueError(f"no date column found in {csv_path}; expected one of {DATE_COLUMNS}")
    df[date_col] = pd.to_datetime(df[date_col], errors="coerce")
    df = df.dropna(subset=[date_col])
    df["month"] = df[date_col].dt.to_period("M").astype(str)
    if "amount" not in df.columns and {"qty", "unit_price"} <= set(df.columns):
        df["amount"] = df["qty"] * df["unit_price"]
    log.info("loaded %d rows from %s", len(df), csv_path)
    return df


def build_pivot(df: pd.DataFrame, by: str, top: int) -> pd.DataFrame:
    totals = df.groupby(by)["amount"].sum().nlargest(top).index
    subset = df[df[by].isin(totals)]
    pivot = subset.pivot_table(index="month", columns=by, values="amount",
                               aggfunc="sum", fill_value=0)
    return pivot.sort_index()


def plot_pivot(pivot: pd.DataFrame, title: str, dest: Path) -> None:
    fig, ax = plt.subplots(figsize=(11, 5.5))
    pivot.plot(kind="bar", stacked=True, ax=ax, width=0.85, colormap="tab20")
    ax.set_title(title)
    ax.set_xlabel("Month")
    ax.set_ylabel("Revenue")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize="small")
    fig.tight_layout()
    fig.savefig(dest, dpi=130)
    plt.close(fig)
    log.info("wrote %s", dest)


def clear_cache() -> None:
    if CACHE_DIR.exists():
        shutil.rmtree(CACHE_DIR)
        log.info("removed %s", CACHE_DIR)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("csv", type=Path)
    parser.add_argument("--out", type=Path, default=Path("charts"))
    parser.add_argument("--by", default="region", help="column to split bars by")
    parser.add_argument("--top", type=int, default=6)
    parser.add_argument("--fresh", action="store_true", help="drop cached intermediates first")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.fresh:
        clear_cache()
    CACHE_DIR.mkdir(exist_ok=True)
    args.out.mkdir(parents=True, exist_ok=True)

    try:
        df = load_sales(args.csv)
    except (OSError, ValueError) as exc:
        log.error("cannot read input: %s", exc)
        return 1
    if args.by not in df.columns:
        log.error("column %r not in data (have: %s)", args.by, ", ".join(df.columns))
        return 2

    pivot = build_pivot(df, args.by, args.top)
    pivot.to_csv(CACHE_DIR / f"pivot_{args.by}.csv")
    pivot.to_csv(args.out / f"monthly_by_{args.by}.csv")
    plot_pivot(pivot, f"Monthly revenue by {args.by} (top {args.top})",
               args.out / f"monthly_by_{args.by}.png")

    share = pivot.div(pivot.sum(axis=1), axis=0).round(3)
    share.to_csv(args.out / f"share_by_{args.by}.csv")
    print(share.tail(3).to_string())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
