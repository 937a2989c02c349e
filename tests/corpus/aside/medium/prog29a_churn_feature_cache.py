#!/usr/bin/env python3
"""Build churn-model features from the events warehouse extract.

Feature frames are expensive to build (several GB of events), so each
stage memoises its output in ./feature_store as joblib files and
reloads them on the next run if the stage's parameters are unchanged.
"""
import argparse
import hashlib
import json
import logging
import sys
from functools import wraps
from pathlib import Path

import joblib
import numpy as np
import pandas as pd

logger = logging.getLogger("churn_features")
STORE = Path("feature_store")


def cached_stage(name):
    """Persist the stage result with joblib, keyed on its kwargs."""
    def deco(fn):
        @wraps(fn)
        def wrapper(*args, **kwargs):
            sig = hashlib.sha256(json.dumps(kwargs, sort_keys=True, default=str).encode()).hexdigest()[:16]
            target = STORE / f"{name}-{sig}.joblib"
            if target.exists():
                logger.info("[%s] loading cached result %s", name, target.name)
                return joblib.load(target)
            result = fn(*args, **kwargs)
            STORE.mkdir(exist_ok=True)
            joblib.dump(result, target, compress=3)
            logger.info("[%s] cached to %s", name, target.name)
            return result
        return wrapper
    return deco


@cached_stage("sessions")
def sessionise(events: pd.DataFrame, *, gap_minutes: int = 30) -> pd.DataFrame:
    events = events.sort_values(["user_id", "ts"])
    new_session = events.groupby("user_id")["ts"].diff() > pd.Timedelta(minutes=gap_minutes)
    events["session_id"] = new_session.groupby(events["user_id"]).cumsum()
    return (events.groupby(["user_id", "session_id"])
                  .agg(start=("ts", "min"), end=("ts", "max"), n_events=("event", "size"))
                  .reset_index())


@cached_stage("user_features")
def user_features(sessions: pd.DataFrame, *, as_of: str, window_days: int = 28) -> pd.DataFrame:
    cutoff = pd.Timestamp(as_of) - pd.Timedelta(days=window_days)
    recent = sessions[sessions["start"] >= cutoff]
    feats = recent.groupby("user_id").agg(
        sessions_28d=("session_id", "nunique"),
        events_28d=("n_events", "sum"),
        last_seen=("end", "max"),
    )
    feats["days_since_last"] = (pd.Timestamp(as_of) - feats["last_seen"]).dt.days
    feats["events_per_session"] = feats["events_28d"] / feats["sessions_28d"].clip(lower=1)
    feats["log_events"] = np.log1p(feats["events_28d"])
    return feats.drop(columns=["last_seen"])


def load_events(path: Path) -> pd.DataFrame:
    df = pd.read_parquet(path, columns=["user_id", "ts", "event"])
    df["ts"] = pd.to_datetime(df["ts"], utc=False)
    return df


def load_previous_model(path: Path):
    if not path.exists():
        return None
    bundle = joblib.load(path)
    logger.info("previous model trained at %s with %d features",
                bundle.get("trained_at"), len(bundle.get("columns", [])))
    return bundle


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--events", type=Path, default=Path("extracts/events.parquet"))
    ap.add_argument("--as-of", required=True)
    ap.add_argument("--window", type=int, default=28)
    ap.add_argument("--model", type=Path, default=Path("models/churn_latest.joblib"))
    ap.add_argument("--out", type=Path, default=Path("features/churn_features.parquet"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    try:
        events = load_events(args.events)
    except FileNotFoundError:
        logger.error("events extract %s missing", args.events)
        return 1

    sessions = sessionise(events, gap_minutes=30)
    feats = user_features(sessions, as_of=args.as_of, window_days=args.window)

    prev = load_previous_model(args.model)
    if prev is not None:
        missing = set(prev["columns"]) - set(feats.columns)
        if missing:
            logger.warning("feature drift: model expects %s", sorted(missing))

    args.out.parent.mkdir(parents=True, exist_ok=True)
    feats.to_parquet(args.out)
    logger.info("wrote %d users x %d features to %s", len(feats), feats.shape[1], args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
