#!/usr/bin/env python3
"""Local cache of frame tracer shapes for the lens-edging workflow.

Tracer files (OMA format) are fetched from the lab's shape catalogue by frame
SKU. To avoid re-downloading the same shapes all day, we cache them under
./.shape_cache keyed by an MD5 of the SKU and catalogue version, and embed
them base64-encoded in the JSON job tickets sent to the edger queue folder.
"""
import argparse
import base64
import hashlib
import json
import logging
import os
import sys
import tempfile
import time
from pathlib import Path

import requests

log = logging.getLogger("shape-cache")

CATALOGUE = "https://shapes.example.com/api/v1"
CACHE_DIR = Path(".shape_cache")
QUEUE_DIR = Path("edger_queue")
MAX_AGE_DAYS = 14


def cache_key(sku, version):
    # Not security related: just a short stable filename.
    return hashlib.md5(f"{sku}:{version}".encode()).hexdigest()


class ShapeCache:
    def __init__(self, version):
        self.version = version
        CACHE_DIR.mkdir(exist_ok=True)

    def path_for(self, sku):
        return CACHE_DIR / f"{cache_key(sku, self.version)}.oma"

    def get(self, sku):
        p = self.path_for(sku)
        if p.exists():
            log.debug("cache hit %s", sku)
            return p.read_bytes()
        r = requests.get(f"{CATALOGUE}/shapes/{sku}", params={"v": self.version},
                         timeout=10)
        r.raise_for_status()
        self._atomic_write(p, r.content)
        return r.content

    @staticmethod
    def _atomic_write(path, data):
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
            os.replace(tmp, path)
        except BaseException:
            os.unlink(tmp)
            raise

    def prune(self, max_age_days=MAX_AGE_DAYS):
        cutoff = time.time() - max_age_days * 86400
        removed = 0
        for p in CACHE_DIR.glob("*.oma"):
            if p.stat().st_mtime < cutoff:
                p.unlink()
                removed += 1
        for p in CACHE_DIR.glob("*.tmp"):
            p.unlink()
        return removed


def write_ticket(job_id, sku, shape):
    QUEUE_DIR.mkdir(exist_ok=True)
    ticket = {
        "job": job_id,
        "sku": sku,
        "shape_oma_b64": base64.b64encode(shape).decode("ascii"),
        "created": int(time.time()),
    }
    out = QUEUE_DIR / f"{job_id}.json"
    out.write_text(json.dumps(ticket))
    os.chmod(out, 0o600)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("jobs", nargs="*", help="JOBID=SKU pairs")
    ap.add_argument("--catalogue-version", default="2024.2")
    ap.add_argument("--prune", action="store_true", help="remove old cache files")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cache = ShapeCache(args.catalogue_version)
    if args.prune:
        log.info("pruned %d cached shapes", cache.prune())
    errors = 0
    for pair in args.jobs:
        try:
            job_id, sku = pair.split("=", 1)
            log.info("ticket %s", write_ticket(job_id, sku, cache.get(sku)))
        except ValueError:
            log.error("bad job spec %r (want JOBID=SKU)", pair)
            errors += 1
        except requests.RequestException as exc:
            log.error("shape for %s unavailable: %s", pair, exc)
            errors += 1
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
