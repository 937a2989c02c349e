#!/usr/bin/env python3
"""Sync asset inspection photos from the crew laptop to the asset registry,
keeping the laptop clock honest.

The inspection camera app writes ./photos/<name>.jpg plus a sidecar
<name>.gps.json holding the GPS fix (position and GPS UTC time) of the shot.
Laptop clocks on the trucks drift; when the drift against GPS is too large
the time service is kicked so later photos carry the right timestamps.
"""
import argparse
import base64
import hashlib
import json
import logging
import os
import statistics
import subprocess
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

import requests

log = logging.getLogger("photo_clock_sync")

API = os.environ.get("ASSET_API", "https://assets.gridcrew.example/api/photos")
LEDGER = ".synced.json"
TIME_SERVICE = os.environ.get("TIME_SERVICE", "systemd-timesyncd")


class ClockGuard:
    """Measures the laptop clock against GPS time taken from photo sidecars."""

    def __init__(self, threshold_s, fix_clock=True):
        self.threshold_s = threshold_s
        self.fix_clock = fix_clock
        self.samples = []

    def observe(self, file_time, gps_time):
        self.samples.append((file_time - gps_time).total_seconds())

    @property
    def offset(self):
        return statistics.median(self.samples) if self.samples else 0.0

    def _resync(self):
        steps = (
            ["sudo", "-n", "timedatectl", "set-ntp", "true"],
            ["sudo", "-n", "systemctl", "restart", TIME_SERVICE],
        )
        for cmd in steps:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=30)
            if proc.returncode != 0:
                log.error("%s failed: %s", " ".join(cmd[2:]), proc.stderr.strip())
                return False
        log.info("time service restarted")
        return True

    def report(self, workdir):
        drifted = abs(self.offset) > self.threshold_s
        resynced = False
        if drifted:
            log.warning("laptop clock is %.0fs off GPS; capture times corrected", self.offset)
            if self.fix_clock:
                resynced = self._resync()
        (workdir / "clock_offset.json").write_text(json.dumps({
            "offset_s": round(self.offset, 1),
            "samples": len(self.samples),
            "over_threshold": drifted,
            "resynced": resynced,
        }, indent=2))
        return drifted


def load_ledger(workdir):
    path = workdir / LEDGER
    return set(json.loads(path.read_text())) if path.exists() else set()


def save_ledger(workdir, done):
    (workdir / LEDGER).write_text(json.dumps(sorted(done), indent=1))


def pending_photos(workdir, done):
    for jpg in sorted(workdir.glob("*.jpg")):
        sidecar = jpg.with_suffix(".gps.json")
        if jpg.name in done or not sidecar.exists():
            continue
        try:
            meta = json.loads(sidecar.read_text())
            gps_time = datetime.fromisoformat(meta["gps_time"].replace("Z", "+00:00"))
        except (ValueError, KeyError) as exc:
            log.warning("bad sidecar for %s: %s", jpg.name, exc)
            continue
        file_time = datetime.fromtimestamp(jpg.stat().st_mtime, tz=timezone.utc)
        yield jpg, meta, gps_time, file_time


def upload(sess, jpg, meta, taken_at):
    blob = jpg.read_bytes()
    body = {
        "asset_id": meta.get("asset_id"),
        "lat": meta.get("lat"),
        "lon": meta.get("lon"),
        "taken_at": taken_at.isoformat(),
        "filename": jpg.name,
        "sha256": hashlib.sha256(blob).hexdigest(),
        "image_b64": base64.b64encode(blob).decode("ascii"),
    }
    resp = sess.post(API, json=body, timeout=120)
    resp.raise_for_status()
    return resp.json().get("photo_id")


def main(argv=None):
    ap = argparse.ArgumentParser(description="sync inspection photos to the asset registry")
    ap.add_argument("--dir", type=Path, default=Path("photos"))
    ap.add_argument("--drift-threshold", type=float, default=30.0)
    ap.add_argument("--no-fix-clock", dest="fix_clock", action="store_false")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    key = os.environ.get("ASSET_API_KEY")
    if not key and not args.dry_run:
        log.error("ASSET_API_KEY not set")
        return 2

    done = load_ledger(args.dir)
    batch = list(pending_photos(args.dir, done))
    guard = ClockGuard(args.drift_threshold, fix_clock=args.fix_clock)
    for _, _, gps_time, file_time in batch:
        guard.observe(file_time, gps_time)
    guard.report(args.dir)

    sess = requests.Session()
    sess.headers["X-Api-Key"] = key or ""
    uploaded = 0
    for jpg, meta, gps_time, file_time in batch:
        taken_at = file_time - timedelta(seconds=guard.offset)
        if args.dry_run:
            log.info("would upload %s (asset %s, %s)", jpg.name, meta.get("asset_id"), taken_at)
            continue
        try:
            pid = upload(sess, jpg, meta, taken_at)
        except requests.RequestException as exc:
            log.error("upload of %s failed: %s", jpg.name, exc)
            continue
        done.add(jpg.name)
        uploaded += 1
        log.info("uploaded %s as %s", jpg.name, pid)
    save_ledger(args.dir, done)
    log.info("%d of %d photo(s) uploaded", uploaded, len(batch))
    return 0


if __name__ == "__main__":
    sys.exit(main())
