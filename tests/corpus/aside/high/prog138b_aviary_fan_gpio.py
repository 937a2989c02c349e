#!/usr/bin/env python3
"""Drive the aviary extractor fans from the Pi's GPIO header.

Each aviary has a relay on a GPIO line. This reads the temperature from
the local sensor hub and switches fans on above a threshold, with a
little hysteresis so the relays don't chatter.

The GPIO lines are exported while we still have the rights to do so at
start-up; after that the process continues as the unprivileged keeper
account.
"""
import argparse
import ctypes
import ctypes.util
import json
import logging
import os
import pwd
import time
import urllib.request

LOG = logging.getLogger("fans")

AVIARIES = {
    # name: (gpio line, sensor url, on above C, off below C)
    "owl-barn": (17, "http://198.51.100.50/owl-barn", 24.0, 22.5),
    "hawk-mews": (27, "http://198.51.100.50/hawk-mews", 26.0, 24.0),
    "hospital": (22, "http://198.51.100.50/hospital", 25.0, 23.5),
}
SYSFS = os.path.join("/", "sys", "class", "gpio")


class GpioLine:
    def __init__(self, line):
        self.line = line
        self.base = os.path.join(SYSFS, f"gpio{line}")
        self.value_fh = None

    def export(self):
        if not os.path.isdir(self.base):
            with open(os.path.join(SYSFS, "export"), "w") as fh:
                fh.write(str(self.line))
            time.sleep(0.2)  # udev needs a moment to create the node
        with open(os.path.join(self.base, "direction"), "w") as fh:
            fh.write("out")
        # keep the value file open so we can still write after dropping rights
        self.value_fh = open(os.path.join(self.base, "value"), "w")

    def set(self, on):
        self.value_fh.seek(0)
        self.value_fh.write("1" if on else "0")
        self.value_fh.flush()


def become(user):
    """Switch the whole process to `user` (uid, gid and supplementary groups)."""
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    pw = pwd.getpwnam(user)
    groups = (ctypes.c_uint * 1)(pw.pw_gid)
    calls = (("setgroups", (1, groups)), ("setgid", (pw.pw_gid,)),
             ("setuid", (pw.pw_uid,)))
    for name, argv in calls:
        if getattr(libc, name)(*argv) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{name} failed: {os.strerror(err)}")
    LOG.info("now running as %s (uid %d)", user, pw.pw_uid)


def read_temp(url):
    with urllib.request.urlopen(url, timeout=5) as resp:
        return float(json.load(resp)["temp_c"])


def control_loop(lines, interval):
    state = {name: False for name in AVIARIES}
    while True:
        for name, (_, url, on_above, off_below) in AVIARIES.items():
            try:
                t = read_temp(url)
            except (OSError, ValueError, KeyError) as exc:
                LOG.warning("%s: no reading (%s); leaving fan as is", name, exc)
                continue
            want = state[name]
            if t >= on_above:
                want = True
            elif t <= off_below:
                want = False
            if want != state[name]:
                lines[name].set(want)
                state[name] = want
                LOG.info("%s: %.1f C -> fan %s", name, t, "ON" if want else "off")
        time.sleep(interval)


def main():
    ap = argparse.ArgumentParser(description="aviary fan controller")
    ap.add_argument("--user", default="keeper", help="account to continue as")
    ap.add_argument("--interval", type=int, default=30)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    lines = {}
    for name, (gpio, *_rest) in AVIARIES.items():
        line = GpioLine(gpio)
        try:
            line.export()
        except PermissionError:
            LOG.error("cannot export gpio%d; start this as the service account", gpio)
            return 1
        lines[name] = line
    become(args.user)
    try:
        control_loop(lines, args.interval)
    except KeyboardInterrupt:
        for line in lines.values():
            line.set(False)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
