#!/usr/bin/env python3
"""Watch per-journal submission inboxes and queue new manuscripts for triage.

Layout (relative to --root):
    inbox/<journal>/<anything>.docx|.tex|.zip|.pdf   dropped by the upload portal
    queue/<journal>/<sha256>.<ext>                   moved here once stable
    tickets/<sha256>.json                            triage ticket for the editors

A file is considered complete when its size has not changed for --settle seconds.
"""
import argparse
import configparser
import hashlib
import json
import logging
import shutil
import sys
import threading
import time
from datetime import datetime, timezone
from pathlib import Path

from watchdog.events import FileSystemEventHandler
from watchdog.observers import Observer

ACCEPTED_EXT = {".docx", ".tex", ".zip", ".pdf", ".odt"}
WATCH_LIMIT_FILE = Path("/proc/sys/fs/inotify/max_user_watches")

log = logging.getLogger("inbox_watcher")


def sha256_of(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def check_watch_budget(n_dirs: int) -> None:
    """Warn when the kernel inotify budget looks too small for the inbox tree."""
    try:
        limit = int(WATCH_LIMIT_FILE.read_text().strip())
    except (OSError, ValueError):
        return
    if limit < n_dirs * 4:
        log.warning("inotify max_user_watches=%d is low for %d inbox dirs; "
                    "ask ops to raise it", limit, n_dirs)


class InboxHandler(FileSystemEventHandler):
    def __init__(self, root: Path, settle: float):
        self.root = root
        self.settle = settle
        self.pending = {}
        self.lock = threading.Lock()

    def on_created(self, event):
        self._track(event)

    def on_modified(self, event):
        self._track(event)

    def _track(self, event):
        if event.is_directory:
            return
        path = Path(event.src_path)
        if path.suffix.lower() not in ACCEPTED_EXT or path.name.startswith("."):
            return
        with self.lock:
            self.pending[path] = time.monotonic()

    def flush_settled(self):
        now = time.monotonic()
        with self.lock:
            ready = [p for p, t in self.pending.items() if now - t >= self.settle]
            for p in ready:
                del self.pending[p]
        for p in ready:
            try:
                self.enqueue(p)
            except OSError as exc:
                log.error("could not queue %s: %s", p, exc)

    def enqueue(self, path: Path):
        if not path.exists():
            return
        journal = path.parent.relative_to(self.root / "inbox").parts[0]
        digest = sha256_of(path)
        qdir = self.root / "queue" / journal
        qdir.mkdir(parents=True, exist_ok=True)
        target = qdir / f"{digest}{path.suffix.lower()}"
        shutil.move(str(path), target)
        ticket = {
            "journal": journal,
            "original_name": path.name,
            "sha256": digest,
            "size": target.stat().st_size,
            "received": datetime.now(timezone.utc).isoformat(),
            "status": "triage",
        }
        tdir = self.root / "tickets"
        tdir.mkdir(exist_ok=True)
        (tdir / f"{digest}.json").write_text(json.dumps(ticket, indent=2))
        log.info("queued %s for %s", path.name, journal)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--config", default="inbox.ini")
    p.add_argument("--root", default=None)
    p.add_argument("--settle", type=float, default=None)
    args = p.parse_args(argv)

    cfg = configparser.ConfigParser()
    cfg.read(args.config)
    section = cfg["watcher"] if cfg.has_section("watcher") else {}
    root = Path(args.root or section.get("root", "."))
    settle = args.settle or float(section.get("settle", "5"))

    logging.basicConfig(level=section.get("log_level", "INFO"),
                        format="%(asctime)s %(levelname)s %(message)s")
    inbox = root / "inbox"
    inbox.mkdir(parents=True, exist_ok=True)
    check_watch_budget(sum(1 for d in inbox.rglob("*") if d.is_dir()) + 1)

    handler = InboxHandler(root, settle)
    observer = Observer()
    observer.schedule(handler, str(inbox), recursive=True)
    observer.start()
    log.info("watching %s (settle %.1fs)", inbox, settle)
    try:
        while True:
            time.sleep(1)
            handler.flush_settled()
    except KeyboardInterrupt:
        log.info("stopping")
    finally:
        observer.stop()
        observer.join()
    return 0


if __name__ == "__main__":
    sys.exit(main())
