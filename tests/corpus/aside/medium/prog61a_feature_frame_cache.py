"""Feature-building task with a joblib-backed frame cache.

Intermediate feature frames are memoised under ./.feature_cache, keyed by
the MD5 of the source file, so repeated backfills skip the heavy groupbys.
"""
import argparse
import hashlib
import logging
from pathlib import Path

import joblib
import numpy as np
import pandas as pd

log = logging.getLogger("features")
CACHE = Path(".feature_cache")


def source_key(path: Path) -> str:
    h = hashlib.md5()
    with path.open("rb") as fh:
        while chunk := fh.read(1 << 16):
            h.update(chunk)
    return h.hexdigest()


class FrameCache:
    def __init__(self, root: Path):
        self.root = root
        self.root.mkdir(parents=True, exist_ok=True)

    def _path(self, key: str, stage: str) -> Path:
        return self.root / f"{stage}-{key}.joblib"

    def get(self, key: str, stage: str):
        p = self._path(key, stage)
        if p.exists():
            log.debug("cache hit %s", p.name)
            return joblib.load(p)
        return None

    def put(self, key: str, stage: str, frame: pd.DataFrame) -> None:
        joblib.dump(frame, self._path(key, stage), compress=3)


def build_features(events: pd.DataFrame) -> pd.DataFrame:
    events = events.sort_values(["user_id", "ts"])
    grp = events.groupby("user_id")
    feats = pd.DataFrame({
        "n_events": grp.size(),
        "n_sessions": grp["session_id"].nunique(),
        "spend_total": grp["amount"].sum(),
        "spend_p90": grp["amount"].quantile(0.9),
        "days_active": grp["ts"].apply(lambda s: s.dt.date.nunique()),
    })
    feats["log_spend"] = np.log1p(feats["spend_total"].clip(lower=0))
    return feats.reset_index()


def feature_task(src: Path, out_dir: Path, cache: FrameCache) -> Path:
    key = source_key(src)
    feats = cache.get(key, "features")
    if feats is None:
        events = pd.read_csv(src, parse_dates=["ts"])
        feats = build_features(events)
        cache.put(key, "features", feats)
    out_dir.mkdir(exist_ok=True)
    target = out_dir / f"{src.stem}_features.parquet"
    feats.to_parquet(target, index=False)
    log.info("%s -> %s (%d users)", src.name, target, len(feats))
    return target


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("inputs", nargs="+", type=Path)
    parser.add_argument("--out", type=Path, default=Path("features"))
    parser.add_argument("--cache-dir", type=Path, default=CACHE)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    cache = FrameCache(args.cache_dir)
    built, failed = 0, 0
    for src in args.inputs:
        try:
            feature_task(src, args.out, cache)
            built += 1
        except (OSError, KeyError, ValueError) as exc:
            log.error("failed on %s: %s", src, exc)
            failed += 1
    log.info("built=%d failed=%d", built, failed)


if __name__ == "__main__":
    main()
