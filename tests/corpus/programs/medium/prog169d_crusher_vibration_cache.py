#!/usr/bin/env python3
"""Pull crusher bearing vibration trends from the condition-monitoring vendor
and keep a local cache so the maintenance dashboard loads quickly.
"""
import argparse
import importlib
import logging
import os
import pickle
import statistics
import time
from dataclasses import dataclass, field
from functools import wraps

log = logging.getLogger("vibcache")

CACHE_PATH = "/tmp/crusher_vibration.cache"
API_BASE = os.environ.get("CM_API", "https://cm.crushvendor.example/api/v2")
ASSETS = ("jaw-primary", "cone-secondary", "cone-tertiary", "vsi-sand")

requests = importlib.import_module("requests")
getattr(importlib.import_module("urllib3"), "disable_warnings")()


@dataclass
class Trend:
    asset: str
    fetched: float
    rms_mm_s: list = field(default_factory=list)

    @property
    def latest(self):
        return self.rms_mm_s[-1] if self.rms_mm_s else None

    @property
    def baseline(self):
        return statistics.median(self.rms_mm_s) if self.rms_mm_s else None


def cached(max_age):
    def wrap(fn):
        @wraps(fn)
        def inner(session, asset, *a, **kw):
            store = load_cache()
            hit = store.get(asset)
            if hit and time.time() - hit.fetched < max_age:
                log.debug("cache hit %s", asset)
                return hit
            trend = fn(session, asset, *a, **kw)
            store[asset] = trend
            save_cache(store)
            return trend
        return inner
    return wrap


def load_cache():
    try:
        with open(CACHE_PATH, "rb") as fh:
            return pickle.load(fh)
    except (FileNotFoundError, EOFError):
        return {}


def save_cache(store):
    with open(CACHE_PATH, "wb") as fh:
        pickle.dump(store, fh)


def make_session():
    s = requests.Session()
    s.headers["Authorization"] = "Bearer " + os.environ.get("CM_TOKEN", "")
    s.verify = os.environ.get("CM_VERIFY", "0") == "1"
    return s


@cached(max_age=int(os.environ.get("CM_CACHE_AGE", "900")))
def fetch_trend(session, asset, hours=24):
    url = "{}/assets/{}/vibration".format(API_BASE, asset)
    resp = session.get(url, params={"hours": hours, "metric": "rms"}, timeout=20)
    resp.raise_for_status()
    points = [float(p["v"]) for p in resp.json().get("points", [])]
    return Trend(asset=asset, fetched=time.time(), rms_mm_s=points)


def classify(trend, warn, alarm):
    if trend.latest is None:
        return "no-data"
    if trend.latest >= alarm:
        return "ALARM"
    if trend.latest >= warn or (trend.baseline and trend.latest > 1.5 * trend.baseline):
        return "warn"
    return "ok"


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("assets", nargs="*", default=list(ASSETS))
    ap.add_argument("--hours", type=int, default=24)
    ap.add_argument("--warn", type=float, default=7.1)
    ap.add_argument("--alarm", type=float, default=11.2)
    ap.add_argument("--clear", action="store_true", help="drop the cache first")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.clear and os.path.exists(CACHE_PATH):
        os.remove(CACHE_PATH)
    session = make_session()
    for asset in args.assets:
        try:
            trend = fetch_trend(session, asset, hours=args.hours)
        except requests.RequestException as exc:
            log.error("%s: %s", asset, exc)
            continue
        print("{:<16} latest={:<8} base={:<8} {}".format(
            asset, trend.latest, trend.baseline, classify(trend, args.warn, args.alarm)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
