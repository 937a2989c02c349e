#!/usr/bin/env python3
"""Herd weight-gain report.

Reads the crush-side scale exports (one CSV per weigh day, columns
eid,visual_tag,weight_kg,weighed_at) from ./scale_exports, computes
average daily gain per animal and per mob, and prints the animals that are
falling behind.  Parsed exports are cached so re-running the report during
a busy weigh day is instant.
"""
import argparse
import hashlib
import logging
import sys
from pathlib import Path

import pandas as pd

log = logging.getLogger("adg")

CACHE_DIR = Path(".adg_cache")


class ExportCache:
    """Caches parsed scale exports keyed on the export file's contents."""

    def __init__(self, directory=CACHE_DIR):
        self.dir = Path(directory)
        self.dir.mkdir(exist_ok=True)

    def _key(self, path):
        digest = hashlib.md5(path.read_bytes()).hexdigest()
        return self.dir / f"{path.stem}_{digest[:16]}.pkl"

    def load(self, path):
        cached = self._key(path)
        if cached.exists():
            log.debug("cache hit for %s", path.name)
            return pd.read_pickle(cached)
        df = parse_export(path)
        df.to_pickle(cached)
        return df

    def clear(self):
        for f in self.dir.glob("*.pkl"):
            f.unlink()


def parse_export(path):
    df = pd.read_csv(path, dtype={"eid": str, "visual_tag": str})
    df["weighed_at"] = pd.to_datetime(df["weighed_at"], errors="coerce")
    df["weight_kg"] = pd.to_numeric(df["weight_kg"], errors="coerce")
    df = df.dropna(subset=["eid", "weighed_at", "weight_kg"])
    df = df[(df["weight_kg"] > 20) & (df["weight_kg"] < 1500)]
    df["source"] = path.name
    return df


def daily_gain(weights, mobs):
    weights = weights.sort_values("weighed_at")
    first = weights.groupby("eid").first()
    last = weights.groupby("eid").last()
    days = (last["weighed_at"] - first["weighed_at"]).dt.days
    out = pd.DataFrame({
        "visual_tag": last["visual_tag"],
        "start_kg": first["weight_kg"],
        "latest_kg": last["weight_kg"],
        "days": days,
    })
    out = out[out["days"] >= 14]
    out["adg_kg"] = (out["latest_kg"] - out["start_kg"]) / out["days"]
    if mobs is not None:
        out = out.join(mobs.set_index("eid")["mob"], how="left")
    else:
        out["mob"] = "all"
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--exports", default="scale_exports")
    ap.add_argument("--mobs", default="mobs.csv", help="eid,mob mapping")
    ap.add_argument("--target", type=float, default=0.8, help="target ADG kg/day")
    ap.add_argument("--clear-cache", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(message)s")

    cache = ExportCache()
    if args.clear_cache:
        cache.clear()

    files = sorted(Path(args.exports).glob("*.csv"))
    if not files:
        log.error("no scale exports in %s", args.exports)
        return 1

    frames = []
    for f in files:
        try:
            frames.append(cache.load(f))
        except (OSError, ValueError, KeyError) as exc:
            log.warning("skipping %s: %s", f.name, exc)
    weights = pd.concat(frames, ignore_index=True)

    mobs = pd.read_csv(args.mobs, dtype=str) if Path(args.mobs).exists() else None
    adg = daily_gain(weights, mobs)
    if adg.empty:
        log.info("not enough weigh history yet (need 14+ days)")
        return 0

    print("Mob summary (kg/day):")
    print(adg.groupby("mob")["adg_kg"].agg(["count", "mean", "min"]).round(2).to_string())
    behind = adg[adg["adg_kg"] < args.target * 0.75].sort_values("adg_kg")
    print(f"\n{len(behind)} animals below 75% of target {args.target} kg/day:")
    if not behind.empty:
        print(behind[["visual_tag", "mob", "start_kg", "latest_kg", "adg_kg"]]
              .round(2).to_string())
    return 0


if __name__ == "__main__":
    sys.exit(main())
