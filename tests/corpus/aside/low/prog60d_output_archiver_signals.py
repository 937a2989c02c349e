#!/usr/bin/env python3
"""Long-running exporter that archives ./output when asked to stop.

SIGTERM/SIGINT set a flag; the main loop notices it, zips everything under
./output into ./dist, and a weakref finalizer removes the exporter's own
scratch cache (./.artifact_cache) when the Exporter object goes away.
"""
import argparse
import hashlib
import logging
import os
import shutil
import signal
import threading
import time
import weakref
import zipfile
from pathlib import Path

log = logging.getLogger("exporter")
STOP = threading.Event()


def _on_signal(signum, _frame):
    log.info("received %s, finishing up", signal.Signals(signum).name)
    STOP.set()


def cache_key(*parts: str) -> str:
    return hashlib.md5("|".join(parts).encode()).hexdigest()


def _drop_cache(path: str) -> None:
    if os.path.isdir(path):
        shutil.rmtree(path, ignore_errors=True)


class Exporter:
    def __init__(self, out_dir: Path, cache_dir: Path):
        self.out_dir = out_dir
        self.cache_dir = cache_dir
        self.out_dir.mkdir(exist_ok=True)
        self.cache_dir.mkdir(exist_ok=True)
        self._finalizer = weakref.finalize(self, _drop_cache, str(cache_dir))

    def produce(self, n: int) -> Path:
        key = cache_key("batch", str(n))
        cached = self.cache_dir / key
        if not cached.exists():
            cached.write_text(f"batch {n} computed at {time.time()}\n")
        target = self.out_dir / f"batch_{n:05d}.txt"
        shutil.copyfile(cached, target)
        return target

    def archive(self, dist: Path) -> Path:
        dist.mkdir(exist_ok=True)
        archive = dist / f"export_{int(time.time())}.zip"
        with zipfile.ZipFile(archive, "w", compression=zipfile.ZIP_DEFLATED) as zf:
            for root, _dirs, files in os.walk(self.out_dir):
                for name in sorted(files):
                    full = Path(root) / name
                    zf.write(full, full.relative_to(self.out_dir))
        manifest = dist / "MANIFEST.md5"
        manifest.write_text(f"{cache_key(archive.read_bytes().hex()[:64])}  {archive.name}\n")
        os.chmod(manifest, 0o600)
        log.info("archived %s", archive)
        return archive

    def close(self) -> None:
        self._finalizer()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--interval", type=float, default=1.0)
    ap.add_argument("--max-batches", type=int, default=1000)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, _on_signal)

    exporter = Exporter(Path("output"), Path(".artifact_cache"))
    n = 0
    while not STOP.is_set() and n < args.max_batches:
        exporter.produce(n)
        n += 1
        STOP.wait(args.interval)
    exporter.archive(Path("dist"))
    exporter.close()


if __name__ == "__main__":
    main()
