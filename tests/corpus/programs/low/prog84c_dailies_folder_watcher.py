#!/usr/bin/env python3
"""Watch a dailies ingest folder and write checksum sidecars for new camera media.

The DIT drops offloaded camera cards into INGEST_ROOT/<shoot_day>/<roll>/.
This watcher notices new clips, waits until they stop growing, then writes a
<clip>.dailies.json sidecar with size, xxh-style checksum (sha256 here) and
basic metadata so the transcode queue can pick them up.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import time
from configparser import ConfigParser
from pathlib import Path

LOG = logging.getLogger("dailies.watch")

MEDIA_EXTS = {".mov", ".mxf", ".braw", ".r3d", ".ari", ".mp4"}
DEFAULT_CONFIG = "dailies_watch.ini"


def load_config(path):
    cfg = ConfigParser()
    cfg.read_dict({
        "watch": {
            "ingest_root": "./ingest",
            "poll_seconds": "10",
            "settle_seconds": "30",
            "chunk_mb": "8",
        }
    })
    if Path(path).exists():
        cfg.read(path)
        LOG.debug("loaded config from %s", path)
    return cfg["watch"]


def checksum(path, chunk_mb):
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(chunk_mb * 1024 * 1024), b""):
            digest.update(block)
    return digest.hexdigest()


def iter_media(root):
    for dirpath, _dirs, files in os.walk(root):
        for name in sorted(files):
            p = Path(dirpath) / name
            if p.suffix.lower() in MEDIA_EXTS:
                yield p


class SettleTracker:
    """Remember file sizes between polls so we only touch finished copies."""

    def __init__(self, settle_seconds):
        self.settle = settle_seconds
        self.seen = {}

    def is_settled(self, path):
        st = path.stat()
        prev = self.seen.get(path)
        now = time.monotonic()
        if prev is None or prev[0] != st.st_size:
            self.seen[path] = (st.st_size, now)
            return False
        return now - prev[1] >= self.settle


def write_sidecar(clip, chunk_mb):
    sidecar = clip.with_suffix(clip.suffix + ".dailies.json")
    if sidecar.exists():
        return False
    parts = clip.relative_to(clip.parents[2]).parts if len(clip.parents) > 2 else (clip.name,)
    record = {
        "clip": clip.name,
        "path": str(clip),
        "shoot_day": parts[0] if len(parts) > 2 else None,
        "roll": parts[1] if len(parts) > 2 else None,
        "size": clip.stat().st_size,
        "sha256": checksum(clip, chunk_mb),
        "registered": time.strftime("%Y-%m-%dT%H:%M:%S"),
    }
    tmp = sidecar.with_suffix(".tmp")
    tmp.write_text(json.dumps(record, indent=2))
    tmp.replace(sidecar)
    LOG.info("registered %s (%d bytes)", clip.name, record["size"])
    return True


def run(cfg, once=False):
    root = Path(cfg.get("ingest_root")).expanduser()
    if not root.is_dir():
        LOG.error("ingest root %s does not exist", root)
        return 2
    tracker = SettleTracker(cfg.getint("settle_seconds"))
    chunk = cfg.getint("chunk_mb")
    while True:
        done = 0
        for clip in iter_media(root):
            try:
                if tracker.is_settled(clip) and write_sidecar(clip, chunk):
                    done += 1
            except OSError as exc:
                LOG.warning("skipping %s: %s", clip, exc)
        if done:
            LOG.info("poll complete, %d new clips", done)
        if once:
            return 0
        time.sleep(cfg.getint("poll_seconds"))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default=DEFAULT_CONFIG)
    ap.add_argument("--once", action="store_true", help="single pass then exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    cfg = load_config(args.config)
    try:
        return run(cfg, once=args.once)
    except KeyboardInterrupt:
        LOG.info("stopped")
        return 0


if __name__ == "__main__":
    sys.exit(main())
