#!/usr/bin/env python3
"""Build the show cue timeline from the media folder.

Reads the cue sheet (CSV: cue id, media file, offset, action), probes each
media file's duration with ffprobe, and writes a timeline the show-control
software can import. Probe results are cached between runs because probing
hundreds of 8K fisheye clips is slow.
"""

import argparse
import csv
import json
import logging
import os
import pickle
import subprocess
import sys
from dataclasses import dataclass, asdict
from pathlib import Path

LOG = logging.getLogger("cue-timeline")
CACHE_FILE = Path(".cue_probe_cache.pkl")

PROBE_CMD = (
    'ffprobe -v error -show_entries format=duration '
    '-of default=noprint_wrappers=1:nokey=1 "$MEDIA_FILE"'
)


@dataclass
class Cue:
    cue_id: str
    media: str
    offset: float
    action: str
    duration: float = 0.0

    @property
    def end(self):
        return self.offset + self.duration


class ProbeCache:
    def __init__(self, path):
        self.path = path
        self.data = {}
        self.dirty = False

    def load(self):
        if not self.path.exists():
            return
        try:
            with open(self.path, "rb") as fh:
                self.data = pickle.load(fh)
            LOG.debug("loaded %d cached probe(s)", len(self.data))
        except (OSError, pickle.UnpicklingError, EOFError) as exc:
            LOG.warning("ignoring broken cache: %s", exc)
            self.data = {}

    def save(self):
        if not self.dirty:
            return
        with open(self.path, "wb") as fh:
            pickle.dump(self.data, fh)

    def get(self, media_path):
        st = media_path.stat()
        entry = self.data.get(str(media_path))
        if entry and entry[0] == st.st_mtime and entry[1] == st.st_size:
            return entry[2]
        return None

    def put(self, media_path, duration):
        st = media_path.stat()
        self.data[str(media_path)] = (st.st_mtime, st.st_size, duration)
        self.dirty = True


def probe_duration(media_path):
    env = dict(os.environ, MEDIA_FILE=str(media_path))
    proc = subprocess.run(["bash", "-c", PROBE_CMD], env=env,
                          capture_output=True, text=True, timeout=60)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip() or "ffprobe failed")
    return float(proc.stdout.strip())


def read_cues(sheet):
    cues = []
    with open(sheet, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            cues.append(Cue(row["cue"], row.get("media", ""), float(row.get("offset", 0) or 0),
                            row.get("action", "play")))
    return cues


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("sheet", help="cue sheet CSV")
    ap.add_argument("--media-dir", default="media")
    ap.add_argument("--out", default="timeline.json")
    ap.add_argument("--no-cache", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    cache = ProbeCache(CACHE_FILE)
    if not args.no_cache:
        cache.load()

    try:
        cues = read_cues(args.sheet)
    except (OSError, KeyError, ValueError) as exc:
        LOG.error("cannot read cue sheet: %s", exc)
        return 1

    media_dir = Path(args.media_dir)
    missing = 0
    for cue in cues:
        if not cue.media:
            continue
        path = media_dir / cue.media
        if not path.exists():
            LOG.warning("cue %s: missing media %s", cue.cue_id, path)
            missing += 1
            continue
        cached = cache.get(path)
        if cached is None:
            try:
                cached = probe_duration(path)
                cache.put(path, cached)
            except (RuntimeError, ValueError, subprocess.TimeoutExpired) as exc:
                LOG.warning("cue %s: probe failed: %s", cue.cue_id, exc)
                continue
        cue.duration = cached

    cues.sort(key=lambda c: c.offset)
    for a, b in zip(cues, cues[1:]):
        if a.action == "play" and b.action == "play" and a.end > b.offset:
            LOG.warning("cue %s overlaps %s by %.2fs", a.cue_id, b.cue_id, a.end - b.offset)

    with open(args.out, "w", encoding="utf-8") as fh:
        json.dump({"cues": [asdict(c) for c in cues],
                   "length": max((c.end for c in cues), default=0.0)}, fh, indent=2)
    cache.save()
    LOG.info("timeline with %d cue(s) written to %s (%d missing media)", len(cues), args.out, missing)
    return 0


if __name__ == "__main__":
    sys.exit(main())
