#!/usr/bin/env python3
"""Bring up a SocketCAN interface on the bench and record a capture.

Used by the vehicle-integration team with PEAK / CANable USB adapters.
Loads the CAN kernel modules, configures the bitrate, brings the link up
and then records raw frames with candump into ./captures until the
requested duration elapses.
"""
import argparse
import datetime
import logging
import os
import shlex
import shutil
import subprocess
import sys
import time

LOG = logging.getLogger("can-bringup")

KERNEL_MODULES = ("can", "can_raw", "can_dev", "peak_usb", "gs_usb")
CAPTURE_DIR = "captures"


class Runner:
    """Thin wrapper so every external call is logged the same way."""

    def __init__(self, elevate=True, dry_run=False):
        self.prefix = ["sudo", "-n"] if elevate and os.geteuid() != 0 else []
        self.dry_run = dry_run

    def run(self, argv, privileged=False, check=True):
        full = (self.prefix if privileged else []) + list(argv)
        LOG.debug("exec: %s", shlex.join(full))
        if self.dry_run:
            return subprocess.CompletedProcess(full, 0, "", "")
        return subprocess.run(full, check=check, capture_output=True, text=True)


def load_modules(runner, modules):
    for mod in modules:
        res = runner.run(["modprobe", mod], privileged=True, check=False)
        if res.returncode != 0:
            LOG.info("module %s not loaded: %s", mod, res.stderr.strip() or "n/a")


def configure_link(runner, iface, bitrate, fd=False, dbitrate=None):
    runner.run(["ip", "link", "set", iface, "down"], privileged=True, check=False)
    argv = ["ip", "link", "set", iface, "type", "can", "bitrate", str(bitrate),
            "restart-ms", "100"]
    if fd:
        argv += ["dbitrate", str(dbitrate or bitrate * 4), "fd", "on"]
    runner.run(argv, privileged=True)
    runner.run(["ip", "link", "set", iface, "txqueuelen", "1000"], privileged=True)
    runner.run(["ip", "link", "set", iface, "up"], privileged=True)
    LOG.info("%s up at %d bit/s%s", iface, bitrate, " (CAN FD)" if fd else "")


def link_state(iface):
    try:
        with open(f"/sys/class/net/{iface}/operstate") as fh:
            return fh.read().strip()
    except OSError:
        return "missing"


def capture(iface, seconds, out_dir=CAPTURE_DIR):
    if not shutil.which("candump"):
        raise RuntimeError("candump not found; install can-utils")
    os.makedirs(out_dir, exist_ok=True)
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    out_path = os.path.join(out_dir, f"{iface}-{stamp}.log")
    with open(out_path, "w") as fh:
        proc = subprocess.Popen(["candump", "-L", iface], stdout=fh, stderr=subprocess.PIPE)
        try:
            time.sleep(seconds)
        finally:
            proc.terminate()
            proc.wait(timeout=5)
    lines = sum(1 for _ in open(out_path))
    LOG.info("captured %d frames to %s", lines, out_path)
    return out_path


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-i", "--iface", default="can0")
    ap.add_argument("-b", "--bitrate", type=int, default=500000)
    ap.add_argument("--fd", action="store_true", help="enable CAN FD")
    ap.add_argument("--dbitrate", type=int)
    ap.add_argument("-t", "--seconds", type=int, default=60)
    ap.add_argument("--no-modules", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    runner = Runner(dry_run=args.dry_run)
    try:
        if not args.no_modules:
            load_modules(runner, KERNEL_MODULES)
        configure_link(runner, args.iface, args.bitrate, args.fd, args.dbitrate)
    except subprocess.CalledProcessError as exc:
        LOG.error("link setup failed: %s", (exc.stderr or "").strip())
        return 1

    state = link_state(args.iface)
    if state not in ("up", "unknown"):
        LOG.error("%s state is %s after bring-up", args.iface, state)
        return 1
    if args.dry_run:
        return 0
    try:
        capture(args.iface, args.seconds)
    except (RuntimeError, OSError) as exc:
        LOG.error("capture failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
