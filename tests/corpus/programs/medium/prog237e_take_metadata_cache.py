#!/usr/bin/env python3
"""Take metadata cache for a session folder.

Probes every audio take in the session (duration, sample rate, channels)
with ffprobe and keeps the results in a cache next to the session so the
take sheet can be regenerated quickly after each recording pass.
"""
import argparse
import csv
import json
import logging
import os
import pickle
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("take_cache")

AUDIO_EXT = {".wav", ".aif", ".aiff", ".flac", ".bwf"}
CACHE_NAME = ".take_cache.pkl"

PROBE_CMD = (
    'ffprobe -v error -show_entries '
    'stream=sample_rate,channels,bits_per_sample:format=duration '
    '-of json "$TAKE_FILE"'
)


class TakeCache:
    def __init__(self, session: Path):
        self.path = session / CACHE_NAME
        self.entries = {}

    def load(self):
        if not self.path.exists():
            return
        try:
            with self.path.open("rb") as fh:
                self.entries = pickle.load(fh)
            LOG.debug("loaded %d cached takes", len(self.entries))
        except (pickle.UnpicklingError, EOFError, OSError) as exc:
            LOG.warning("cache unreadable, starting fresh: %s", exc)
            self.entries = {}

    def save(self):
        with self.path.open("wb") as fh:
            pickle.dump(self.entries, fh)

    def get(self, take: Path):
        st = take.stat()
        hit = self.entries.get(str(take))
        if hit and hit["mtime"] == st.st_mtime and hit["size"] == st.st_size:
            return hit
        return None

    def put(self, take: Path, meta):
        st = take.stat()
        meta.update(mtime=st.st_mtime, size=st.st_size)
        self.entries[str(take)] = meta


def probe(take: Path):
    env = dict(os.environ, TAKE_FILE=str(take))
    proc = subprocess.run(["bash", "-c", PROBE_CMD], env=env,
                          capture_output=True, text=True, timeout=60)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip() or "ffprobe failed")
    data = json.loads(proc.stdout)
    stream = (data.get("streams") or [{}])[0]
    return {
        "duration": float(data.get("format", {}).get("duration", 0.0)),
        "rate": int(stream.get("sample_rate", 0) or 0),
        "channels": int(stream.get("channels", 0) or 0),
        "bits": int(stream.get("bits_per_sample", 0) or 0),
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("session", type=Path, nargs="?", default=Path("."))
    ap.add_argument("--sheet", default="take_sheet.csv")
    ap.add_argument("--refresh", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    takes = sorted(p for p in args.session.rglob("*") if p.suffix.lower() in AUDIO_EXT)
    if not takes:
        LOG.info("no takes under %s", args.session)
        return 0
    cache = TakeCache(args.session)
    if not args.refresh:
        cache.load()

    rows, probed = [], 0
    for take in takes:
        meta = None if args.refresh else cache.get(take)
        if meta is None:
            try:
                meta = probe(take)
            except (RuntimeError, ValueError, subprocess.TimeoutExpired) as exc:
                LOG.warning("%s: %s", take.name, exc)
                continue
            cache.put(take, meta)
            probed += 1
        rows.append([take.relative_to(args.session), f"{meta['duration']:.2f}",
                     meta["rate"], meta["channels"], meta["bits"]])

    cache.save()
    with open(args.sheet, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["take", "seconds", "rate", "channels", "bits"])
        w.writerows(rows)
    LOG.info("%d takes (%d probed), sheet in %s", len(rows), probed, args.sheet)
    return 0


if __name__ == "__main__":
    sys.exit(main())
