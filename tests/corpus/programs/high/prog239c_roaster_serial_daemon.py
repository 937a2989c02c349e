#!/usr/bin/env python3
"""Poll the roaster's thermocouple bridge and append readings to a CSV.

Started by the roaster PC's boot script as root so it can open the serial
node before the udev permissions are fixed; it then switches to the roasting
account (uid/gid from config) and keeps polling with that identity.
"""
import argparse
import ctypes
import ctypes.util
import csv
import json
import logging
import os
import sys
import termios
import time

log = logging.getLogger("roaster_serial")

DEFAULTS = {
    "device": "/dev/" + "tty" + "USB0",
    "baud": 115200,
    "poll": b"READ\r\n",
    "interval": 1.0,
    "run_as": {"uid": 1000, "gid": 1000},
    "out": "roast_readings.csv",
}


class Identity:
    """Switch real/effective/saved ids via libc."""

    def __init__(self):
        self.libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
        for name in ("setresuid", "setresgid"):
            getattr(self.libc, name).argtypes = [ctypes.c_uint] * 3

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what}: {os.strerror(err)}")

    def become(self, uid, gid):
        os.setgroups([gid])
        self._check(self.libc.setresgid(gid, gid, gid), "setresgid")
        self._check(self.libc.setresuid(uid, uid, uid), "setresuid")
        log.info("now running as uid=%d gid=%d", os.getuid(), os.getgid())


class Bridge:
    BAUD = {9600: termios.B9600, 57600: termios.B57600, 115200: termios.B115200}

    def __init__(self, device, baud):
        self.fd = os.open(device, os.O_RDWR | os.O_NOCTTY)
        attrs = termios.tcgetattr(self.fd)
        speed = self.BAUD.get(baud, termios.B115200)
        attrs[4] = attrs[5] = speed
        attrs[3] &= ~(termios.ICANON | termios.ECHO)
        attrs[6][termios.VMIN] = 0
        attrs[6][termios.VTIME] = 5
        termios.tcsetattr(self.fd, termios.TCSANOW, attrs)

    def read_temps(self, poll):
        os.write(self.fd, poll)
        buf = b""
        deadline = time.monotonic() + 1.0
        while not buf.endswith(b"\n") and time.monotonic() < deadline:
            chunk = os.read(self.fd, 64)
            if not chunk:
                continue
            buf += chunk
        parts = buf.decode("ascii", "replace").strip().split(",")
        if len(parts) < 2:
            raise ValueError(f"short reading {buf!r}")
        return float(parts[0]), float(parts[1])

    def close(self):
        os.close(self.fd)


def load_config(path):
    cfg = dict(DEFAULTS)
    if path and os.path.exists(path):
        with open(path) as fh:
            cfg.update(json.load(fh))
        if isinstance(cfg["poll"], str):
            cfg["poll"] = cfg["poll"].encode()
    return cfg


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-c", "--config", default="roaster_serial.json")
    ap.add_argument("--samples", type=int, default=0, help="stop after N samples (0 = forever)")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)

    try:
        bridge = Bridge(cfg["device"], cfg["baud"])
    except OSError as exc:
        log.error("cannot open %s: %s", cfg["device"], exc)
        return 1

    if os.geteuid() == 0:
        Identity().become(cfg["run_as"]["uid"], cfg["run_as"]["gid"])

    taken = 0
    with open(cfg["out"], "a", newline="") as fh:
        writer = csv.writer(fh)
        try:
            while not args.samples or taken < args.samples:
                try:
                    bt, et = bridge.read_temps(cfg["poll"])
                except (ValueError, OSError) as exc:
                    log.warning("read failed: %s", exc)
                else:
                    writer.writerow([f"{time.time():.1f}", bt, et])
                    fh.flush()
                    taken += 1
                time.sleep(cfg["interval"])
        except KeyboardInterrupt:
            log.info("stopped after %d samples", taken)
        finally:
            bridge.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
