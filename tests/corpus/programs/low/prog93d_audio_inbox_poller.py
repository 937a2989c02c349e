#!/usr/bin/env python3
"""Watch the shared recordings tree and queue new audio for transcription.

The archive's recordings tree has one directory per speaker/session, so it
easily exceeds the kernel's default inotify watch budget.  Before starting
we compare the tree with the budget and fall back to a polling observer when
it is too small; every new .wav/.flac that finishes copying is appended to
queue.jsonl.
"""
from __future__ import annotations

import argparse
import json
import logging
import os
import sys
import threading
import time
from pathlib import Path

from watchdog.events import FileSystemEventHandler
from watchdog.observers import Observer
from watchdog.observers.polling import PollingObserver

log = logging.getLogger("inbox-watch")

AUDIO_SUFFIXES = {".wav", ".flac", ".bwf", ".mp3"}
WATCH_KNOB = Path("/proc/sys/fs/inotify") / "max_user_watches"
HEADROOM = 4


def count_dirs(root: Path) -> int:
    total = 0
    for _dirpath, dirnames, _files in os.walk(root):
        total += 1
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
    return total


def inotify_is_enough(root: Path) -> bool:
    """True when the current watch limit covers the tree with headroom."""
    try:
        current = int(WATCH_KNOB.read_text().strip())
    except (OSError, ValueError):
        log.info("no inotify limit available, using polling")
        return False
    needed = count_dirs(root) * HEADROOM
    if needed <= current:
        log.info("inotify budget %d is enough for %s", current, root)
        return True
    log.warning("tree needs ~%d watches but the limit is %d; polling instead "
                "(ask an admin to raise fs.inotify.max_user_watches)", needed, current)
    return False


class SettledAudioHandler(FileSystemEventHandler):
    """Queue audio files once their size stops changing."""

    def __init__(self, queue_file: Path, settle_seconds: float):
        self.queue_file = queue_file
        self.settle = settle_seconds
        self.pending: dict[str, tuple[int, float]] = {}
        self.lock = threading.Lock()

    def on_created(self, event):
        self._touch(event)

    def on_modified(self, event):
        self._touch(event)

    def on_moved(self, event):
        if Path(event.dest_path).suffix.lower() in AUDIO_SUFFIXES:
            with self.lock:
                self.pending[event.dest_path] = (-1, time.monotonic())

    def _touch(self, event):
        if event.is_directory or Path(event.src_path).suffix.lower() not in AUDIO_SUFFIXES:
            return
        with self.lock:
            self.pending[event.src_path] = (-1, time.monotonic())

    def flush_settled(self):
        now = time.monotonic()
        ready = []
        with self.lock:
            for path, (last_size, seen) in list(self.pending.items()):
                try:
                    size = os.path.getsize(path)
                except OSError:
                    self.pending.pop(path, None)
                    continue
                if size == last_size and now - seen >= self.settle:
                    ready.append((path, size))
                    self.pending.pop(path)
                elif size != last_size:
                    self.pending[path] = (size, now)
        for path, size in ready:
            record = {"recording": path, "bytes": size, "queued_at": time.time()}
            with self.queue_file.open("a", encoding="utf-8") as fh:
                fh.write(json.dumps(record) + "\n")
            log.info("queued %s (%d bytes)", path, size)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("root", type=Path, help="recordings tree to watch")
    ap.add_argument("--queue", type=Path, default=Path("queue.jsonl"))
    ap.add_argument("--settle", type=float, default=10.0)
    ap.add_argument("--poll-interval", type=float, default=15.0)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not args.root.is_dir():
        log.error("%s is not a directory", args.root)
        return 2

    if inotify_is_enough(args.root):
        observer = Observer()
    else:
        observer = PollingObserver(timeout=args.poll_interval)
    handler = SettledAudioHandler(args.queue, args.settle)
    observer.schedule(handler, str(args.root), recursive=True)
    observer.start()
    log.info("watching %s with %s", args.root, type(observer).__name__)
    try:
        while observer.is_alive():
            handler.flush_settled()
            time.sleep(2)
    except KeyboardInterrupt:
        pass
    finally:
        observer.stop()
        observer.join()
    return 0


if __name__ == "__main__":
    sys.exit(main())
