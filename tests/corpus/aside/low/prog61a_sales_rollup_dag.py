"""Daily sales rollup: Airflow-style task callables that run outside Airflow too.

Each task reads from ./data, writes into ./output and keeps a small parquet
cache keyed by the MD5 of the input file so re-runs skip unchanged partitions.
"""
import argparse
import hashlib
import logging
import shutil
from datetime import date, timedelta
from pathlib import Path

import pandas as pd

log = logging.getLogger("sales_rollup")

DATA_DIR = Path("data")
OUT_DIR = Path("output")
CACHE_DIR = Path(".cache") / "rollup"


def _cache_key(path: Path) -> str:
    digest = hashlib.md5()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 16), b""):
            digest.update(block)
    return digest.hexdigest()


def extract(ds: str, **context) -> Path:
    """Locate the raw partition for the logical date."""
    src = DATA_DIR / f"sales_{ds}.csv"
    if not src.exists():
        raise FileNotFoundError(f"no partition for {ds}: {src}")
    log.info("extract %s (%d bytes)", src, src.stat().st_size)
    return src


def transform(src: Path, **context) -> pd.DataFrame:
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    cached = CACHE_DIR / f"{_cache_key(src)}.parquet"
    if cached.exists():
        log.info("cache hit %s", cached.name)
        return pd.read_parquet(cached)

    frame = pd.read_csv(src, parse_dates=["sold_at"])
    frame = frame.dropna(subset=["store_id", "amount"])
    frame["amount"] = frame["amount"].astype(float)
    rollup = (
        frame.groupby(["store_id", frame["sold_at"].dt.date])
        .agg(revenue=("amount", "sum"), orders=("order_id", "nunique"))
        .reset_index()
        .rename(columns={"sold_at": "day"})
    )
    rollup.to_parquet(cached, index=False)
    return rollup


def load(rollup: pd.DataFrame, ds: str, **context) -> Path:
    OUT_DIR.mkdir(exist_ok=True)
    target = OUT_DIR / f"rollup_{ds}.csv"
    rollup.sort_values(["store_id", "day"]).to_csv(target, index=False)
    log.info("wrote %d rows to %s", len(rollup), target)
    return target


def prune_cache(keep_days: int = 7) -> int:
    """Drop the whole local cache when it grows stale; it is ours to remove."""
    if not CACHE_DIR.exists():
        return 0
    entries = list(CACHE_DIR.glob("*.parquet"))
    if len(entries) > keep_days * 4:
        shutil.rmtree(CACHE_DIR)
        log.info("pruned %d cached partitions", len(entries))
        return len(entries)
    return 0


TASKS = [("extract", extract), ("transform", transform), ("load", load)]


def run_for(ds: str) -> None:
    result = None
    for name, fn in TASKS:
        log.info("task %s ds=%s", name, ds)
        if name == "extract":
            result = fn(ds)
        elif name == "transform":
            result = fn(result)
        else:
            result = fn(result, ds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--start", default=str(date.today() - timedelta(days=1)))
    parser.add_argument("--days", type=int, default=1)
    parser.add_argument("--prune", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    start = date.fromisoformat(args.start)
    failures = 0
    for offset in range(args.days):
        ds = str(start + timedelta(days=offset))
        try:
            run_for(ds)
        except FileNotFoundError as exc:
            log.warning("skip: %s", exc)
            failures += 1
    if args.prune:
        prune_cache()
    log.info("done, %d missing partitions", failures)


if __name__ == "__main__":
    main()
