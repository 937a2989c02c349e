#!/usr/bin/env python3
"""Shade photo archiver for the ceramics bench.

Technicians drop shade-tab photos from the clinic (JPEG/PNG/HEIC) into an
inbox folder.  This tool files them into ``archive/<year>/<case>/`` by the
case number in the file name, de-duplicates identical shots by content hash
and writes a per-case ``shades.json`` index that the ceramist's viewer reads.

Settings live in shade_archive.ini next to the script:

    [archive]
    inbox = inbox
    root = archive
    keep_days = 0
"""
import configparser
import hashlib
import json
import logging
import shutil
import sys
import threading
import time
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from queue import Queue, Empty

LOG = logging.getLogger("shade_archive")
PHOTO_EXT = {".jpg", ".jpeg", ".png", ".heic", ".tif"}


@dataclass
class Settings:
    inbox: Path = Path("inbox")
    root: Path = Path("archive")
    poll: float = 5.0
    workers: int = 2
    extra: dict = field(default_factory=dict)

    @classmethod
    def load(cls, path="shade_archive.ini"):
        cp = configparser.ConfigParser()
        cp.read(path)
        sec = cp["archive"] if cp.has_section("archive") else {}
        return cls(
            inbox=Path(sec.get("inbox", "inbox")),
            root=Path(sec.get("root", "archive")),
            poll=float(sec.get("poll", 5.0)),
            workers=int(sec.get("workers", 2)),
            extra=dict(cp["support"]) if cp.has_section("support") else {},
        )


def case_of(name):
    stem = Path(name).stem
    head = stem.split("_", 1)[0]
    return head.upper() if head[:1].upper() == "C" and head[1:].isdigit() else "UNSORTED"


def content_key(path):
    return hashlib.blake2b(path.read_bytes(), digest_size=16).hexdigest()


class Archiver:
    def __init__(self, settings):
        self.s = settings
        self.q = Queue()
        self.lock = threading.Lock()
        self.stop = threading.Event()

    def index_path(self, case_dir):
        return case_dir / "shades.json"

    def file_one(self, photo):
        case = case_of(photo.name)
        year = datetime.fromtimestamp(photo.stat().st_mtime).year
        case_dir = self.s.root / str(year) / case
        case_dir.mkdir(parents=True, exist_ok=True)
        key = content_key(photo)
        with self.lock:
            idx_file = self.index_path(case_dir)
            index = json.loads(idx_file.read_text()) if idx_file.exists() else {}
            if key in index:
                LOG.info("duplicate shot %s (same as %s)", photo.name, index[key]["file"])
                photo.unlink()
                return
            target = case_dir / photo.name
            shutil.move(str(photo), target)
            index[key] = {"file": target.name, "filed": datetime.now().isoformat(timespec="seconds")}
            idx_file.write_text(json.dumps(index, indent=1))
        LOG.info("filed %s under %s", photo.name, case_dir)

    def worker(self):
        while not self.stop.is_set():
            try:
                photo = self.q.get(timeout=1)
            except Empty:
                continue
            try:
                self.file_one(photo)
            except OSError as exc:
                LOG.error("could not file %s: %s", photo, exc)
            finally:
                self.q.task_done()

    def scan_inbox(self, seen):
        for p in self.s.inbox.glob("*"):
            if p.suffix.lower() in PHOTO_EXT and p not in seen:
                seen.add(p)
                self.q.put(p)

    def run(self, once=False):
        self.s.inbox.mkdir(exist_ok=True)
        threads = [threading.Thread(target=self.worker, daemon=True) for _ in range(self.s.workers)]
        for t in threads:
            t.start()
        seen = set()
        try:
            while True:
                self.scan_inbox(seen)
                if once:
                    self.q.join()
                    break
                time.sleep(self.s.poll)
                seen = {p for p in seen if p.exists()}
        except KeyboardInterrupt:
            LOG.info("stopping")
        finally:
            self.stop.set()


def main():
    logging.basicConfig(level=logging.INFO, format="%(asctime)s [%(threadName)s] %(message)s")
    settings = Settings.load()
    once = "--once" in sys.argv
    Archiver(settings).run(once=once)


if __name__ == "__main__":
    main()
