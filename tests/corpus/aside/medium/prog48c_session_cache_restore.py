#!/usr/bin/env python3
"""Snapshot and restore intermediate analysis results between runs.

Long feature-engineering steps are expensive, so each named stage stores its
output under ./.stage_cache/<stage>.bin together with a small JSON sidecar
that records when and from which inputs it was produced.
"""
import argparse
import datetime as dt
import hashlib
import json
import logging
import sys
from pathlib import Path
from pickle import dumps as _freeze, loads as _thaw

CACHE_DIR = Path(".stage_cache")
log = logging.getLogger("stagecache")


class StageCache:
    def __init__(self, root: Path = CACHE_DIR):
        self.root = root
        self.root.mkdir(exist_ok=True)

    def _paths(self, stage):
        return self.root / f"{stage}.bin", self.root / f"{stage}.json"

    @staticmethod
    def fingerprint(inputs):
        h = hashlib.md5()  # cache key only
        for item in sorted(inputs):
            h.update(str(item).encode())
        return h.hexdigest()

    def save(self, stage, obj, inputs=()):
        blob_path, meta_path = self._paths(stage)
        blob_path.write_bytes(_freeze(obj))
        meta = {"stage": stage, "saved": dt.datetime.now().isoformat(),
                "inputs": self.fingerprint(inputs), "size": blob_path.stat().st_size}
        meta_path.write_text(json.dumps(meta, indent=2))
        log.info("saved stage %s (%d bytes)", stage, meta["size"])

    def load(self, stage, inputs=None):
        blob_path, meta_path = self._paths(stage)
        if not blob_path.exists():
            raise KeyError(stage)
        if inputs is not None and meta_path.exists():
            meta = json.loads(meta_path.read_text())
            if meta.get("inputs") != self.fingerprint(inputs):
                raise KeyError(f"{stage} is stale")
        return _thaw(blob_path.read_bytes())

    def listing(self):
        for meta_path in sorted(self.root.glob("*.json")):
            yield json.loads(meta_path.read_text())


def expensive_stage(rows):
    log.info("computing features for %d rows", rows)
    return {"rows": rows, "means": [i * 0.5 for i in range(rows % 50)]}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    run = sub.add_parser("run")
    run.add_argument("--rows", type=int, default=1000)
    show = sub.add_parser("show")
    show.add_argument("stage")
    sub.add_parser("list")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cache = StageCache()
    if args.cmd == "run":
        try:
            result = cache.load("features", inputs=[args.rows])
            log.info("cache hit for features")
        except KeyError:
            result = expensive_stage(args.rows)
            cache.save("features", result, inputs=[args.rows])
        print(json.dumps(result)[:200])
    elif args.cmd == "show":
        try:
            print(repr(cache.load(args.stage))[:500])
        except KeyError as exc:
            log.error("no such stage: %s", exc)
            return 1
    else:
        for meta in cache.listing():
            print(f"{meta['stage']:<20} {meta['saved']}  {meta['size']} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
