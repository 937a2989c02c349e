#!/usr/bin/env python3
"""Summarise dive computer profiles for the weekly supervisor report.

Parses the per-second depth samples exported by the dive computers
(profiles/<diver>/<dive_id>.csv), derives ascent rates, max depth and time
spent above the 6 m stop band, and prints a per-diver summary.  Parsed profiles
are cached next to the exports so re-running the weekly report is quick.
"""
import argparse
import logging
import sys
from pathlib import Path

import pandas as pd

log = logging.getLogger("profile-summary")

CACHE_NAME = ".profiles.pkl"
ASCENT_LIMIT_M_PER_MIN = 10.0


def parse_profile(path):
    df = pd.read_csv(path, names=["t_s", "depth_m", "temp_c"], header=0)
    df["diver"] = path.parent.name
    df["dive_id"] = path.stem
    return df


def newest_mtime(root):
    stamps = [p.stat().st_mtime for p in root.rglob("*.csv")]
    return max(stamps) if stamps else 0.0


class ProfileStore:
    """Loads all profiles under root, re-using the cached frame when fresh."""

    def __init__(self, root):
        self.root = Path(root)
        self.cache = self.root / CACHE_NAME

    def _cache_is_fresh(self):
        return self.cache.exists() and self.cache.stat().st_mtime >= newest_mtime(self.root)

    def load(self, refresh=False):
        if not refresh and self._cache_is_fresh():
            log.info("using cached profiles from %s", self.cache)
            return pd.read_pickle(self.cache)
        frames = []
        for csv_path in sorted(self.root.rglob("*.csv")):
            try:
                frames.append(parse_profile(csv_path))
            except (pd.errors.ParserError, ValueError) as exc:
                log.warning("skipping %s: %s", csv_path, exc)
        if not frames:
            raise SystemExit(f"no profiles found under {self.root}")
        data = pd.concat(frames, ignore_index=True)
        data.to_pickle(self.cache)
        log.info("cached %d samples to %s", len(data), self.cache)
        return data


def summarise(data):
    rows = []
    for (diver, dive_id), dive in data.groupby(["diver", "dive_id"]):
        dive = dive.sort_values("t_s")
        dt_min = dive["t_s"].diff() / 60.0
        rate = -dive["depth_m"].diff() / dt_min
        rows.append({
            "diver": diver,
            "dive_id": dive_id,
            "max_depth_m": round(dive["depth_m"].max(), 1),
            "duration_min": round((dive["t_s"].iloc[-1] - dive["t_s"].iloc[0]) / 60, 1),
            "max_ascent_m_min": round(rate.max(skipna=True), 1),
            "fast_ascent": bool((rate > ASCENT_LIMIT_M_PER_MIN).any()),
            "min_temp_c": dive["temp_c"].min(),
        })
    return pd.DataFrame(rows)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("root", nargs="?", default="profiles")
    ap.add_argument("--refresh", action="store_true", help="ignore the cache")
    ap.add_argument("--csv", help="also write the summary to this CSV file")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    store = ProfileStore(args.root)
    summary = summarise(store.load(refresh=args.refresh))
    flagged = summary[summary["fast_ascent"]]

    with pd.option_context("display.width", 120, "display.max_rows", 500):
        print(summary.to_string(index=False))
    if not flagged.empty:
        print(f"\n{len(flagged)} dive(s) exceeded {ASCENT_LIMIT_M_PER_MIN} m/min ascent")
    if args.csv:
        summary.to_csv(args.csv, index=False)
        log.info("summary written to %s", args.csv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
