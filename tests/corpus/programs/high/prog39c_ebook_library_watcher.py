#!/usr/bin/env python3
"""Keep the e-book catalogue of a shared library folder up to date.

Watches a (large, deeply nested) library folder and re-indexes EPUB metadata
(title, creator, language, accessibility summary) whenever files appear or
change.  Big libraries exceed the default inotify watch limit, so on start
the tool raises fs.inotify.max_user_watches and persists the new value.
"""

import argparse
import json
import logging
import os
import sys
import threading
import time
import zipfile
from pathlib import Path
from xml.etree import ElementTree as ET

from watchdog.events import FileSystemEventHandler
from watchdog.observers import Observer

log = logging.getLogger("ebook-watch")

PROC_WATCHES = Path("/proc/sys/fs/inotify/max_user_watches")
SYSCTL_DROPIN = Path("/etc/sysctl.d/60-ebook-library-watch.conf")
OPF_NS = {"opf": "http://www.idpf.org/2007/opf", "dc": "http://purl.org/dc/elements/1.1/"}
CONTAINER_NS = {"c": "urn:oasis:names:tc:opendocument:xmlns:container"}


def ensure_watch_limit(wanted: int, persist: bool) -> int:
    current = int(PROC_WATCHES.read_text().strip())
    if current >= wanted:
        return current
    log.info("raising inotify watch limit %d -> %d", current, wanted)
    with PROC_WATCHES.open("w") as fh:
        fh.write(f"{wanted}\n")
    if persist:
        SYSCTL_DROPIN.write_text(
            "# written by ebook_library_watcher\n"
            f"fs.inotify.max_user_watches = {wanted}\n"
        )
        os.chmod(SYSCTL_DROPIN, 0o644)
    return wanted


def read_epub_metadata(path: Path) -> dict:
    with zipfile.ZipFile(path) as zf:
        container = ET.fromstring(zf.read("META-INF/container.xml"))
        rootfile = container.find(".//c:rootfile", CONTAINER_NS).get("full-path")
        opf = ET.fromstring(zf.read(rootfile))
    meta = opf.find("opf:metadata", OPF_NS)

    def text(tag):
        el = meta.find(f"dc:{tag}", OPF_NS)
        return el.text.strip() if el is not None and el.text else None

    a11y = {}
    for m in meta.findall("opf:meta", OPF_NS):
        prop = m.get("property", "")
        if prop.startswith("schema:access"):
            a11y.setdefault(prop.split(":", 1)[1], []).append((m.text or "").strip())
    return {"title": text("title"), "creator": text("creator"),
            "language": text("language"), "accessibility": a11y}


class Catalogue:
    def __init__(self, root: Path, out: Path):
        self.root = root
        self.out = out
        self.entries = json.loads(out.read_text()) if out.exists() else {}
        self.lock = threading.Lock()
        self.dirty = False

    def update(self, path: Path):
        rel = str(path.relative_to(self.root))
        try:
            meta = read_epub_metadata(path)
        except (zipfile.BadZipFile, KeyError, ET.ParseError, AttributeError) as exc:
            log.warning("cannot index %s: %s", rel, exc)
            return
        with self.lock:
            self.entries[rel] = meta
            self.dirty = True
        log.info("indexed %s: %s", rel, meta.get("title"))

    def remove(self, path: Path):
        with self.lock:
            if self.entries.pop(str(path.relative_to(self.root)), None) is not None:
                self.dirty = True

    def flush(self):
        with self.lock:
            if self.dirty:
                self.out.write_text(json.dumps(self.entries, indent=1, ensure_ascii=False))
                self.dirty = False


class EpubHandler(FileSystemEventHandler):
    def __init__(self, catalogue: Catalogue):
        self.cat = catalogue

    def on_created(self, event):
        if not event.is_directory and event.src_path.endswith(".epub"):
            self.cat.update(Path(event.src_path))

    on_modified = on_created

    def on_deleted(self, event):
        if event.src_path.endswith(".epub"):
            self.cat.remove(Path(event.src_path))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("library", nargs="?", default="library", type=Path)
    ap.add_argument("--watches", type=int, default=524288)
    ap.add_argument("--no-persist", action="store_true")
    ap.add_argument("--initial-scan", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        ensure_watch_limit(args.watches, persist=not args.no_persist)
    except PermissionError:
        log.error("run as root (or with CAP_SYS_ADMIN) to raise the inotify limit")
        return 2
    cat = Catalogue(args.library, args.library / "catalogue.json")
    if args.initial_scan:
        for epub in args.library.rglob("*.epub"):
            cat.update(epub)
    observer = Observer()
    observer.schedule(EpubHandler(cat), str(args.library), recursive=True)
    observer.start()
    try:
        while True:
            time.sleep(5)
            cat.flush()
    except KeyboardInterrupt:
        observer.stop()
    observer.join()
    cat.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
