#!/usr/bin/env python3
"""Digitisation ingest worker.

Watches the hot folder that the book-scanner station writes into, and for
every new master TIFF:
  * computes a SHA-256 fixity value,
  * writes an access JPEG and a thumbnail,
  * writes a JSON sidecar with technical metadata,
  * moves the master into the dated ingest tree.
Configuration comes from ingest.ini in the working directory.
"""
import argparse
import configparser
import hashlib
import json
import logging
import shutil
import signal
import sys
import time
from datetime import date, datetime, timezone
from pathlib import Path

from PIL import Image

LOG = logging.getLogger("ingest")
DEFAULTS = {
    "hot_folder": "hotfolder",
    "ingest_root": "ingest",
    "access_long_edge": "3000",
    "thumb_long_edge": "300",
    "poll_seconds": "10",
}


def load_config(path: Path) -> configparser.SectionProxy:
    cfg = configparser.ConfigParser(defaults=DEFAULTS)
    cfg.read(path)
    if "ingest" not in cfg:
        cfg["ingest"] = {}
    return cfg["ingest"]


def sha256_of(path: Path, bufsize: int = 1 << 20) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(bufsize), b""):
            h.update(chunk)
    return h.hexdigest()


def derivative(src: Image.Image, long_edge: int, dest: Path, quality: int = 88) -> None:
    img = src.copy()
    img.thumbnail((long_edge, long_edge), Image.LANCZOS)
    if img.mode not in ("RGB", "L"):
        img = img.convert("RGB")
    img.save(dest, "JPEG", quality=quality, optimize=True)


class IngestWorker:
    def __init__(self, conf):
        self.hot = Path(conf["hot_folder"])
        self.root = Path(conf["ingest_root"])
        self.access_edge = conf.getint("access_long_edge")
        self.thumb_edge = conf.getint("thumb_long_edge")
        self.poll = conf.getint("poll_seconds")
        self.running = True

    def stable(self, path: Path) -> bool:
        size = path.stat().st_size
        time.sleep(1)
        return path.exists() and path.stat().st_size == size

    def process(self, master: Path) -> None:
        day = self.root / date.today().isoformat()
        for sub in ("masters", "access", "thumbs", "meta"):
            (day / sub).mkdir(parents=True, exist_ok=True)
        fixity = sha256_of(master)
        with Image.open(master) as img:
            meta = {
                "file": master.name,
                "sha256": fixity,
                "width": img.width,
                "height": img.height,
                "mode": img.mode,
                "dpi": img.info.get("dpi"),
                "ingested": datetime.now(timezone.utc).isoformat(),
            }
            derivative(img, self.access_edge, day / "access" / (master.stem + ".jpg"))
            derivative(img, self.thumb_edge, day / "thumbs" / (master.stem + ".jpg"), 80)
        (day / "meta" / (master.stem + ".json")).write_text(json.dumps(meta, indent=2))
        shutil.move(str(master), day / "masters" / master.name)
        LOG.info("ingested %s (%s)", master.name, fixity[:12])

    def sweep(self) -> None:
        for master in sorted(self.hot.glob("*.tif*")):
            try:
                if self.stable(master):
                    self.process(master)
            except (OSError, Image.DecompressionBombError) as exc:
                LOG.error("failed on %s: %s", master, exc)
                quarantine = self.hot / "failed"
                quarantine.mkdir(exist_ok=True)
                shutil.move(str(master), quarantine / master.name)

    def run(self) -> None:
        self.hot.mkdir(parents=True, exist_ok=True)
        LOG.info("watching %s -> %s", self.hot, self.root)
        while self.running:
            self.sweep()
            time.sleep(self.poll)

    def stop(self, *_):
        LOG.info("stopping")
        self.running = False


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-c", "--config", type=Path, default=Path("ingest.ini"))
    ap.add_argument("--once", action="store_true", help="process the hot folder once and exit")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")

    Image.MAX_IMAGE_PIXELS = 400_000_000  # large-format map scans
    worker = IngestWorker(load_config(args.config))
    signal.signal(signal.SIGTERM, worker.stop)
    if args.once:
        worker.sweep()
        return 0
    worker.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
