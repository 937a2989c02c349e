#!/usr/bin/env python3
"""Watch the camera drop folder and file new excavation photos.

Photographers dump their cards into ./dropfolder; every new image is renamed
to the project convention <site>_<context>_<seq>.jpg using the context number
read from the photo board QR code sidecar (*.ctx) and moved into the
photos/<trench>/ tree.  A season produces tens of thousands of folders in
the photo tree, so the inotify watch limit is raised before watching.
"""

import argparse
import logging
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

from watchdog.events import FileSystemEventHandler
from watchdog.observers import Observer

log = logging.getLogger("dropwatch")

WATCH_KNOB = Path("/proc/sys/fs/inotify/max_user_watches")
PERSIST_FILE = "/etc/sysctl.d/60-dropfolder-inotify.conf"
WANTED_WATCHES = 524288
CTX_RE = re.compile(r"^(?P<trench>T\d{1,3})[-_/](?P<context>\d{3,5})$")


def current_watch_limit() -> int:
    try:
        return int(WATCH_KNOB.read_text().strip())
    except (OSError, ValueError):
        return 0


def raise_watch_limit(wanted: int) -> None:
    have = current_watch_limit()
    if have >= wanted:
        log.debug("inotify limit already %d", have)
        return
    setting = f"fs.inotify.max_user_watches={wanted}"
    log.info("raising inotify watch limit %d -> %d", have, wanted)
    steps = (
        ["sudo", "-n", "sysctl", "-w", setting],
        ["sudo", "-n", "sh", "-c", f"echo '{setting}' > {PERSIST_FILE}"],
    )
    for cmd in steps:
        res = subprocess.run(cmd, capture_output=True, text=True)
        if res.returncode != 0:
            log.warning("%s failed: %s", cmd[3], res.stderr.strip())
            return


class Filer(FileSystemEventHandler):
    def __init__(self, site: str, photo_root: Path, settle: float = 2.0):
        self.site = site
        self.photo_root = photo_root
        self.settle = settle
        self.counters = {}

    def next_seq(self, trench_dir: Path, context: str) -> int:
        key = (trench_dir, context)
        if key not in self.counters:
            existing = list(trench_dir.glob(f"{self.site}_{context}_*.jpg"))
            self.counters[key] = len(existing)
        self.counters[key] += 1
        return self.counters[key]

    def wait_until_stable(self, path: Path) -> bool:
        last = -1
        for _ in range(30):
            try:
                size = path.stat().st_size
            except FileNotFoundError:
                return False
            if size == last:
                return True
            last = size
            time.sleep(self.settle)
        return False

    def file_photo(self, img: Path) -> None:
        sidecar = img.with_suffix(".ctx")
        if not sidecar.exists():
            log.warning("%s has no .ctx sidecar, leaving in drop folder", img.name)
            return
        m = CTX_RE.match(sidecar.read_text().strip())
        if not m:
            log.warning("%s: unreadable context code", sidecar.name)
            return
        trench_dir = self.photo_root / m["trench"]
        trench_dir.mkdir(parents=True, exist_ok=True)
        seq = self.next_seq(trench_dir, m["context"])
        dest = trench_dir / f"{self.site}_{m['context']}_{seq:03d}.jpg"
        shutil.move(str(img), dest)
        sidecar.unlink()
        log.info("%s -> %s", img.name, dest.relative_to(self.photo_root))

    def on_created(self, event):
        if event.is_directory:
            return
        path = Path(event.src_path)
        if path.suffix.lower() not in (".jpg", ".jpeg"):
            return
        if self.wait_until_stable(path):
            try:
                self.file_photo(path)
            except OSError as exc:
                log.error("could not file %s: %s", path.name, exc)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--site", required=True)
    ap.add_argument("--drop", type=Path, default=Path("dropfolder"))
    ap.add_argument("--photos", type=Path, default=Path("photos"))
    ap.add_argument("--watches", type=int, default=WANTED_WATCHES)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    args.drop.mkdir(exist_ok=True)
    args.photos.mkdir(exist_ok=True)
    raise_watch_limit(args.watches)

    observer = Observer()
    observer.schedule(Filer(args.site, args.photos), str(args.drop), recursive=False)
    observer.start()
    log.info("watching %s", args.drop.resolve())
    try:
        while observer.is_alive():
            observer.join(1)
    except KeyboardInterrupt:
        log.info("stopping")
    finally:
        observer.stop()
        observer.join()
    return 0


if __name__ == "__main__":
    sys.exit(main())
