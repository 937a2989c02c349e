#!/usr/bin/env python3
"""Summarise environmental-sensor HDF5 files into daily statistics.

Input files (one per logger) contain /readings with a compound dtype
(timestamp, temperature, humidity, co2). The output is a single HDF5 store
with per-logger daily aggregates plus a CSV for the lab wiki.
"""
import argparse
from pathlib import Path

import h5py
import numpy as np
import pandas as pd

LIMITS = {
    "temperature": (-40.0, 85.0),
    "humidity": (0.0, 100.0),
    "co2": (250.0, 10000.0),
}


def read_logger(path: Path) -> pd.DataFrame:
    with h5py.File(path, "r") as f:
        data = f["readings"][...]
        logger_id = f.attrs.get("logger_id", path.stem)
    if isinstance(logger_id, bytes):
        logger_id = logger_id.decode()
    df = pd.DataFrame({name: data[name] for name in data.dtype.names})
    df["timestamp"] = pd.to_datetime(df["timestamp"], unit="s", utc=True)
    df["logger"] = logger_id
    return df


def clean(df: pd.DataFrame) -> pd.DataFrame:
    df = df.copy()
    for col, (lo, hi) in LIMITS.items():
        bad = (df[col] < lo) | (df[col] > hi)
        df.loc[bad, col] = np.nan
    # remove single-sample spikes: > 5 MAD from a rolling median
    for col in LIMITS:
        med = df[col].rolling(15, center=True, min_periods=5).median()
        mad = (df[col] - med).abs().rolling(15, center=True, min_periods=5).median()
        spike = (df[col] - med).abs() > 5 * mad.replace(0, np.nan)
        df.loc[spike, col] = np.nan
    return df


def daily(df: pd.DataFrame) -> pd.DataFrame:
    g = df.set_index("timestamp").groupby("logger").resample("1D")
    stats = g[list(LIMITS)].agg(["mean", "min", "max", "count"])
    stats.columns = [f"{a}_{b}" for a, b in stats.columns]
    return stats.reset_index()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("inputs", nargs="+", type=Path)
    ap.add_argument("--out", type=Path, default=Path("daily_summary.h5"))
    ap.add_argument("--csv", type=Path, default=Path("daily_summary.csv"))
    args = ap.parse_args()

    frames = []
    for path in args.inputs:
        raw = read_logger(path)
        cleaned = clean(raw)
        dropped = int(cleaned[list(LIMITS)].isna().sum().sum()
                      - raw[list(LIMITS)].isna().sum().sum())
        print(f"{path.name}: {len(raw)} rows, {dropped} values masked")
        frames.append(cleaned)

    combined = pd.concat(frames, ignore_index=True)
    summary = daily(combined)

    with h5py.File(args.out, "w") as out:
        for logger, part in summary.groupby("logger"):
            grp = out.create_group(str(logger))
            grp.create_dataset("day", data=part["timestamp"].astype("int64").to_numpy() // 10**9)
            for col in part.columns:
                if col in ("logger", "timestamp"):
                    continue
                grp.create_dataset(col, data=part[col].to_numpy(), compression="gzip")
        out.attrs["source_files"] = [p.name for p in args.inputs]
    summary.to_csv(args.csv, index=False, float_format="%.2f")
    print(f"wrote {args.out} and {args.csv} ({len(summary)} logger-days)")


if __name__ == "__main__":
    main()
