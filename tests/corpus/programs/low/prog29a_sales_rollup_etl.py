#!/usr/bin/env python3
"""Daily sales roll-up ETL.

Reads raw point-of-sale CSV extracts from ./data/raw, normalises them,
aggregates revenue per store/day/category and writes partitioned CSV
output to ./output.  Intermediate frames are cached under ./.etl_cache,
keyed by an MD5 of the input file contents so reruns are cheap.
"""
import argparse
import hashlib
import logging
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

LOG = logging.getLogger("sales_rollup")

REQUIRED_COLUMNS = ["txn_id", "store_id", "sold_at", "sku", "category", "qty", "unit_price"]


@dataclass
class RollupConfig:
    raw_dir: Path = Path("data/raw")
    out_dir: Path = Path("output")
    cache_dir: Path = Path(".etl_cache")
    currency: str = "EUR"
    min_qty: int = 1
    categories: list = field(default_factory=list)


def file_digest(path: Path) -> str:
    """MD5 of a file, used only as a cache key."""
    h = hashlib.md5()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()


def load_extract(path: Path, cfg: RollupConfig) -> pd.DataFrame:
    key = file_digest(path)
    cached = cfg.cache_dir / f"{path.stem}.{key}.csv.gz"
    if cached.exists():
        LOG.debug("cache hit for %s", path.name)
        return pd.read_csv(cached, parse_dates=["sold_at"])

    df = pd.read_csv(path)
    missing = [c for c in REQUIRED_COLUMNS if c not in df.columns]
    if missing:
        raise ValueError(f"{path.name}: missing columns {missing}")

    df = df[REQUIRED_COLUMNS].copy()
    df["sold_at"] = pd.to_datetime(df["sold_at"], errors="coerce", utc=True)
    df["qty"] = pd.to_numeric(df["qty"], errors="coerce").fillna(0).astype(int)
    df["unit_price"] = pd.to_numeric(df["unit_price"], errors="coerce")
    df = df.dropna(subset=["sold_at", "unit_price"])
    df = df[df["qty"] >= cfg.min_qty]
    df["category"] = df["category"].str.strip().str.lower()
    if cfg.categories:
        df = df[df["category"].isin(cfg.categories)]

    cfg.cache_dir.mkdir(parents=True, exist_ok=True)
    df.to_csv(cached, index=False, compression="gzip")
    return df


def aggregate(df: pd.DataFrame) -> pd.DataFrame:
    df = df.assign(revenue=df["qty"] * df["unit_price"], day=df["sold_at"].dt.date)
    grouped = (
        df.groupby(["day", "store_id", "category"], as_index=False)
        .agg(txns=("txn_id", "nunique"), units=("qty", "sum"), revenue=("revenue", "sum"))
        .sort_values(["day", "store_id", "revenue"], ascending=[True, True, False])
    )
    grouped["revenue"] = grouped["revenue"].round(2)
    return grouped


def write_partitions(df: pd.DataFrame, cfg: RollupConfig) -> int:
    written = 0
    for day, part in df.groupby("day"):
        target = cfg.out_dir / f"day={day}"
        target.mkdir(parents=True, exist_ok=True)
        part.drop(columns=["day"]).to_csv(target / "sales_rollup.csv", index=False)
        written += 1
    return written


def purge_stale_cache(cfg: RollupConfig, live_keys: set) -> None:
    if not cfg.cache_dir.exists():
        return
    for entry in cfg.cache_dir.glob("*.csv.gz"):
        if entry.name.split(".")[1] not in live_keys:
            LOG.info("removing stale cache file %s", entry.name)
            entry.unlink()


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--raw-dir", type=Path, default=Path("data/raw"))
    p.add_argument("--out-dir", type=Path, default=Path("output"))
    p.add_argument("--category", action="append", default=[])
    p.add_argument("--clean", action="store_true", help="wipe ./.etl_cache and ./output first")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    cfg = RollupConfig(raw_dir=args.raw_dir, out_dir=args.out_dir,
                       categories=[c.lower() for c in args.category])

    if args.clean:
        for d in (cfg.cache_dir, cfg.out_dir):
            if d.exists():
                LOG.info("cleaning %s", d)
                shutil.rmtree(d)

    extracts = sorted(cfg.raw_dir.glob("pos_*.csv"))
    if not extracts:
        LOG.error("no extracts found in %s", cfg.raw_dir)
        return 1

    frames, keys = [], set()
    for path in extracts:
        try:
            frames.append(load_extract(path, cfg))
            keys.add(file_digest(path))
        except (ValueError, pd.errors.ParserError) as exc:
            LOG.warning("skipping %s: %s", path.name, exc)

    if not frames:
        LOG.error("all extracts failed validation")
        return 2

    rollup = aggregate(pd.concat(frames, ignore_index=True))
    n = write_partitions(rollup, cfg)
    purge_stale_cache(cfg, keys)
    LOG.info("wrote %d day partitions, %d rows, total revenue %.2f %s",
             n, len(rollup), rollup["revenue"].sum(), cfg.currency)
    return 0


if __name__ == "__main__":
    sys.exit(main())
