#!/usr/bin/env python3
"""Convert thousands of daily CSV drops into partitioned Parquet.

pyarrow memory-maps every output file; on stock kernels the per-process
map count and open-file ceiling are too low for a full-year backfill, so
the script raises them first.
"""
import argparse
import logging
import os
import subprocess
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

import pandas as pd

log = logging.getLogger("backfill")
KERNEL_TUNING = {
    "vm/max_map_count": 262144,
    "fs/file-max": 2097152,
}


def raise_limits():
    for key, wanted in KERNEL_TUNING.items():
        node = os.path.join("/proc/sys", key)
        try:
            with open(node) as fh:
                current = int(fh.read().split()[0])
        except OSError:
            continue
        if current >= wanted:
            continue
        try:
            with open(node, "w") as fh:
                fh.write(str(wanted))
        except PermissionError:
            subprocess.run(["sudo", "tee", node], input=f"{wanted}\n",
                           text=True, stdout=subprocess.DEVNULL, check=True)
        log.info("%s: %d -> %d", key, current, wanted)


def convert_one(csv_path: str, out_root: str) -> int:
    df = pd.read_csv(csv_path, parse_dates=["ts"])
    if df.empty:
        return 0
    df["day"] = df["ts"].dt.strftime("%Y-%m-%d")
    df.to_parquet(out_root, engine="pyarrow", partition_cols=["day"], index=False)
    return len(df)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("src", type=Path)
    ap.add_argument("dst", type=Path)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 4)
    ap.add_argument("--skip-tuning", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not args.skip_tuning:
        raise_limits()
    files = sorted(str(p) for p in args.src.rglob("*.csv"))
    log.info("%d files to convert", len(files))
    args.dst.mkdir(parents=True, exist_ok=True)

    total, failed = 0, []
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        futures = {pool.submit(convert_one, f, str(args.dst)): f for f in files}
        for fut in as_completed(futures):
            try:
                total += fut.result()
            except Exception as exc:  # keep going on bad files
                failed.append(futures[fut])
                log.warning("%s: %s", futures[fut], exc)
    log.info("converted %d rows, %d failures", total, len(failed))
    if failed:
        Path("failed_files.txt").write_text("\n".join(failed) + "\n")


if __name__ == "__main__":
    main()
