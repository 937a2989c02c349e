#!/usr/bin/env python3
"""Watch an inbox folder and strip metadata from images before they are shared.

Photographers and sources drop pictures into the inbox; the scrubber
rebuilds each image from its pixel data only, so EXIF (GPS, camera serial,
owner name), XMP, IPTC and PNG text chunks are gone, then writes the clean
copy to the outbox and records what was removed in scrub_log.jsonl.

Environment:
    SCRUB_INBOX    folder to watch            (default ./inbox)
    SCRUB_OUTBOX   folder for clean copies    (default ./outbox)
    SCRUB_KEEP     keep originals if "1"      (default 0)
"""
import argparse
import hashlib
import json
import logging
import os
import signal
import sys
import time
from pathlib import Path

from PIL import Image, ExifTags, UnidentifiedImageError

log = logging.getLogger("exif_scrubber")

IMAGE_SUFFIXES = {".jpg", ".jpeg", ".png", ".tif", ".tiff", ".webp"}
GPS_TAG = next(k for k, v in ExifTags.TAGS.items() if v == "GPSInfo")


class Settings:
    def __init__(self):
        self.inbox = Path(os.environ.get("SCRUB_INBOX", "inbox"))
        self.outbox = Path(os.environ.get("SCRUB_OUTBOX", "outbox"))
        self.keep_originals = os.environ.get("SCRUB_KEEP", "0") == "1"
        self.journal = self.outbox / "scrub_log.jsonl"


def describe_metadata(img):
    found = {}
    exif = img.getexif()
    if exif:
        found["exif_tags"] = sorted(ExifTags.TAGS.get(k, str(k)) for k in exif)
        found["had_gps"] = GPS_TAG in exif
    for key in ("icc_profile", "xmp", "XML:com.adobe.xmp", "photoshop", "comment"):
        if key in img.info:
            found.setdefault("info_keys", []).append(key)
    if img.format == "PNG":
        text = getattr(img, "text", {}) or {}
        if text:
            found["png_text"] = sorted(text)
    return found


def scrub_image(src, dest_dir):
    with Image.open(src) as img:
        img.load()
        removed = describe_metadata(img)
        clean = Image.new(img.mode, img.size)
        clean.putdata(list(img.getdata()))
        if img.mode == "P" and img.getpalette():
            clean.putpalette(img.getpalette())
        fmt = img.format or "PNG"
    dest = dest_dir / src.name
    save_kwargs = {"quality": 92, "optimize": True} if fmt == "JPEG" else {}
    clean.save(dest, format=fmt, **save_kwargs)
    os.chmod(dest, 0o600)
    return dest, removed


def sha256_of(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()


def process_inbox(settings):
    done = 0
    for src in sorted(settings.inbox.iterdir()):
        if not src.is_file() or src.suffix.lower() not in IMAGE_SUFFIXES:
            continue
        if time.time() - src.stat().st_mtime < 2:
            continue  # still being written
        try:
            dest, removed = scrub_image(src, settings.outbox)
        except (UnidentifiedImageError, OSError) as exc:
            log.error("cannot scrub %s: %s", src.name, exc)
            src.rename(src.with_suffix(src.suffix + ".rejected"))
            continue
        entry = {"file": src.name, "original_sha256": sha256_of(src),
                 "clean_sha256": sha256_of(dest), "removed": removed,
                 "at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
        with settings.journal.open("a", encoding="utf-8") as fh:
            fh.write(json.dumps(entry) + "\n")
        if not settings.keep_originals:
            src.unlink()
        log.info("scrubbed %s (%s)", src.name, ", ".join(removed) or "nothing found")
        done += 1
    return done


def main(argv=None):
    ap = argparse.ArgumentParser(description="Strip image metadata from an inbox folder")
    ap.add_argument("--once", action="store_true", help="process the inbox once and exit")
    ap.add_argument("--interval", type=float, default=5.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    settings = Settings()
    settings.inbox.mkdir(parents=True, exist_ok=True)
    settings.outbox.mkdir(parents=True, exist_ok=True)
    os.umask(0o077)

    running = True

    def stop(signum, _frame):
        nonlocal running
        log.info("signal %d, finishing current pass", signum)
        running = False

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)

    log.info("watching %s -> %s", settings.inbox, settings.outbox)
    while running:
        process_inbox(settings)
        if args.once:
            break
        time.sleep(args.interval)
    return 0


if __name__ == "__main__":
    sys.exit(main())
