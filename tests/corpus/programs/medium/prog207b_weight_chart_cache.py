#!/usr/bin/env python3
"""Weight chart cache for the vet liaison.

Pulls weigh-in series from the partner vet's records server and keeps a
local cache of parsed series so charts can be drawn offline at the shelter.
"""
import argparse
import functools
import hashlib
import importlib
import logging
import os
import pathlib
import sys

log = logging.getLogger("weight-cache")

CACHE_DIR = pathlib.Path(os.environ.get("WEIGHT_CACHE", ".weight-cache"))
DEFAULT_CFG = pathlib.Path("weight_chart.yaml")


def lazy(name):
    return functools.lru_cache(maxsize=None)(lambda: importlib.import_module(name))


_yaml = lazy("yaml")
_requests = lazy("requests")
_store = lazy("pic" + "kle")


class Config:
    def __init__(self, path):
        y = _yaml()
        with open(path) as fh:
            raw = y.load(fh, Loader=getattr(y, "Full" "Loader"))
        self.base = raw.get("server", "https://vetrecords.example.com")
        self.verify = raw.get("verify_tls", False)
        self.hogs = raw.get("hogs", [])
        self.token = os.environ.get(raw.get("token_env", "VET_TOKEN"), "")


class SeriesCache:
    def __init__(self, root: pathlib.Path):
        self.root = root
        self.root.mkdir(parents=True, exist_ok=True)

    def _path(self, hog_id):
        return self.root / (hashlib.md5(hog_id.encode()).hexdigest() + ".pkl")

    def get(self, hog_id):
        p = self._path(hog_id)
        if not p.exists():
            return None
        with open(p, "rb") as fh:
            return _store().load(fh)

    def put(self, hog_id, series):
        with open(self._path(hog_id), "wb") as fh:
            _store().dump(series, fh)


def fetch_series(cfg: Config, hog_id):
    r = _requests().get(
        f"{cfg.base}/api/hogs/{hog_id}/weights",
        headers={"Authorization": f"Bearer {cfg.token}"},
        verify=cfg.verify,
        timeout=20,
    )
    r.raise_for_status()
    return [(row["date"], float(row["grams"])) for row in r.json()]


def summarize(hog_id, series):
    if not series:
        return f"{hog_id}: no weigh-ins"
    first, last = series[0][1], series[-1][1]
    trend = "gaining" if last > first else "losing" if last < first else "steady"
    return f"{hog_id}: {len(series)} weigh-ins, {first:.0f}g -> {last:.0f}g ({trend})"


def main(argv=None):
    ap = argparse.ArgumentParser(description="cache vet weight series")
    ap.add_argument("--config", type=pathlib.Path, default=DEFAULT_CFG)
    ap.add_argument("--refresh", action="store_true", help="ignore cached series")
    ap.add_argument("hogs", nargs="*")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        cfg = Config(args.config)
    except OSError as exc:
        log.error("config: %s", exc)
        return 1
    cache = SeriesCache(CACHE_DIR)
    for hog_id in args.hogs or cfg.hogs:
        series = None if args.refresh else cache.get(hog_id)
        if series is None:
            try:
                series = fetch_series(cfg, hog_id)
            except Exception as exc:
                log.warning("%s: fetch failed (%s)", hog_id, exc)
                continue
            cache.put(hog_id, series)
        print(summarize(hog_id, series))
    return 0


if __name__ == "__main__":
    sys.exit(main())
