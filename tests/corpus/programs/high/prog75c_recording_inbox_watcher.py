#!/usr/bin/env python3
"""Catalogue call recordings as the PBX drops them into the inbox tree.

The PBX writes one directory per queue and per day, so the inbox quickly grows
to tens of thousands of directories. Each finished .wav is catalogued in
recordings.db (queue, agent extension, caller number, duration) so QA
reviewers can search them from the support console.

    recording_inbox_watcher.py --inbox /data/pbx/inbox [--db recordings.db]
"""
import argparse
import contextlib
import logging
import os
import re
import sqlite3
import sys
import time
import wave
from pathlib import Path

from watchdog.events import FileSystemEventHandler
from watchdog.observers import Observer

log = logging.getLogger("rec-watcher")

NAME_RE = re.compile(r"(?P<ts>\d{8}-\d{6})_(?P<ext>\d{3,5})_(?P<caller>\+?\d+)\.wav$")
WATCH_LIMIT = Path("/proc/sys/fs/inotify/max_user_watches")
HEADROOM = 2.0


def count_dirs(root):
    return sum(1 for _ in os.walk(root))


def ensure_watch_capacity(root):
    """inotify needs one watch per directory; raise the ceiling if needed."""
    needed = int(count_dirs(root) * HEADROOM) + 1024
    current = int(WATCH_LIMIT.read_text().strip())
    if current >= needed:
        log.info("watch limit %d is enough for %s", current, root)
        return
    log.info("raising watch limit from %d to %d", current, needed)
    try:
        WATCH_LIMIT.write_text(f"{needed}\n")
    except PermissionError:
        log.warning("cannot raise watch limit; some directories may be missed")


class Catalogue:
    def __init__(self, path):
        self.db = sqlite3.connect(path, check_same_thread=False)
        self.db.execute(
            """CREATE TABLE IF NOT EXISTS recordings (
                   path TEXT PRIMARY KEY, queue TEXT, recorded_at TEXT,
                   extension TEXT, caller TEXT, seconds REAL, size INTEGER)""")

    def add(self, path, queue):
        m = NAME_RE.search(path.name)
        if not m:
            log.debug("skipping unrecognised file %s", path)
            return
        try:
            with contextlib.closing(wave.open(str(path), "rb")) as w:
                seconds = w.getnframes() / float(w.getframerate())
        except (wave.Error, EOFError) as exc:
            log.warning("could not read %s: %s", path, exc)
            return
        self.db.execute("INSERT OR REPLACE INTO recordings VALUES (?, ?, ?, ?, ?, ?, ?)",
                        (str(path), queue, m["ts"], m["ext"], m["caller"],
                         round(seconds, 1), path.stat().st_size))
        self.db.commit()
        log.info("catalogued %s (%.0fs)", path.name, seconds)


class InboxHandler(FileSystemEventHandler):
    def __init__(self, root, catalogue):
        self.root = root
        self.catalogue = catalogue

    def on_closed(self, event):
        if event.is_directory or not event.src_path.endswith(".wav"):
            return
        path = Path(event.src_path)
        queue = path.relative_to(self.root).parts[0]
        self.catalogue.add(path, queue)

    def on_moved(self, event):
        if event.dest_path.endswith(".wav"):
            path = Path(event.dest_path)
            self.catalogue.add(path, path.relative_to(self.root).parts[0])


def backfill(root, catalogue):
    for wav in root.rglob("*.wav"):
        catalogue.add(wav, wav.relative_to(root).parts[0])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--inbox", type=Path, required=True)
    ap.add_argument("--db", type=Path, default=Path("recordings.db"))
    ap.add_argument("--no-backfill", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    root = args.inbox.resolve()
    if not root.is_dir():
        log.error("inbox %s does not exist", root)
        return 2

    ensure_watch_capacity(root)
    catalogue = Catalogue(args.db)
    if not args.no_backfill:
        backfill(root, catalogue)

    observer = Observer()
    observer.schedule(InboxHandler(root, catalogue), str(root), recursive=True)
    observer.start()
    log.info("watching %s", root)
    try:
        while observer.is_alive():
            time.sleep(5)
    except KeyboardInterrupt:
        pass
    finally:
        observer.stop()
        observer.join()
    return 0


if __name__ == "__main__":
    sys.exit(main())
