#!/usr/bin/env python3
"""Recompile .po files to .mo as translators save them (dev hot reload).

Large monorepos have tens of thousands of directories; watchdog's inotify
backend needs one watch per directory, so the watcher first makes sure the
kernel watch limit is high enough for the tree it is about to observe.

    po_hot_reload.py ~/src/monorepo --touch app/wsgi.py
"""
import argparse
import logging
import os
import sys
import threading
import time
from pathlib import Path

import polib
from watchdog.events import FileSystemEventHandler
from watchdog.observers import Observer

log = logging.getLogger("po-hot-reload")

INOTIFY_KNOBS = Path("/proc/sys/fs/inotify")
SKIP_DIRS = {".git", "node_modules", ".venv", "__pycache__", "dist", "build"}


def count_dirs(root: Path) -> int:
    n = 0
    for _dirpath, dirnames, _files in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        n += 1
    return n


class KernelWatchLimit:
    """Reads and adjusts fs.inotify.max_user_watches / max_user_instances."""

    def __init__(self, base: Path = INOTIFY_KNOBS):
        self.base = base

    def get(self, knob: str) -> int:
        return int((self.base / knob).read_text().strip())

    def raise_to(self, knob: str, wanted: int) -> bool:
        current = self.get(knob)
        if current >= wanted:
            return True
        log.info("raising %s from %d to %d", knob, current, wanted)
        try:
            with open(self.base / knob, "w") as fh:
                fh.write(f"{wanted}\n")
        except PermissionError:
            log.warning("cannot raise %s (run once as root, or set it in sysctl.d)", knob)
            return False
        return True


class PoCompiler(FileSystemEventHandler):
    def __init__(self, touch=None, debounce=0.5):
        self.touch = touch
        self.debounce = debounce
        self._pending = {}
        self._lock = threading.Lock()

    def on_modified(self, event):
        if not event.is_directory and event.src_path.endswith(".po"):
            with self._lock:
                self._pending[event.src_path] = time.monotonic()

    on_created = on_modified

    def flush(self):
        now = time.monotonic()
        with self._lock:
            ready = [p for p, t in self._pending.items() if now - t >= self.debounce]
            for p in ready:
                del self._pending[p]
        for path in ready:
            self.compile(Path(path))

    def compile(self, po_path: Path):
        mo_path = po_path.with_suffix(".mo")
        try:
            catalog = polib.pofile(str(po_path))
            catalog.save_as_mofile(str(mo_path))
        except (OSError, IOError, ValueError) as exc:
            log.error("%s: %s", po_path, exc)
            return
        log.info("compiled %s (%d%% translated)", mo_path, catalog.percent_translated())
        if self.touch:
            self.touch.touch()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("root", type=Path, nargs="?", default=Path.cwd())
    ap.add_argument("--touch", type=Path, help="file to touch after each compile (reloader)")
    ap.add_argument("--headroom", type=float, default=1.5)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", datefmt="%H:%M:%S")

    root = args.root.resolve()
    ndirs = count_dirs(root)
    log.info("%d directories under %s", ndirs, root)
    if sys.platform.startswith("linux") and INOTIFY_KNOBS.exists():
        limits = KernelWatchLimit()
        limits.raise_to("max_user_watches", int(ndirs * args.headroom) + 8192)
        limits.raise_to("max_user_instances", 512)

    handler = PoCompiler(touch=args.touch)
    observer = Observer()
    observer.schedule(handler, str(root), recursive=True)
    observer.start()
    log.info("watching for .po changes, Ctrl-C to stop")
    try:
        while observer.is_alive():
            handler.flush()
            time.sleep(0.25)
    except KeyboardInterrupt:
        pass
    finally:
        observer.stop()
        observer.join()
    return 0


if __name__ == "__main__":
    sys.exit(main())
