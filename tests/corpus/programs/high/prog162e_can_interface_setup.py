#!/usr/bin/env python3
"""Bring up the SocketCAN interface for the bay's USB-CAN adapter.

Used before running chassis and body-module diagnostics on the
ambulance conversions (tail-lift, stretcher loader, lighting bus).
"""

import argparse
import logging
import shutil
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("can_setup")

BUS_PROFILES = {
    "chassis": {"bitrate": 500000, "restart_ms": 100},
    "body": {"bitrate": 250000, "restart_ms": 100},
    "lighting": {"bitrate": 125000, "restart_ms": 200},
}

MODULES = ["can", "can_raw", "can_dev", "gs_usb"]


class CanSetupError(RuntimeError):
    pass


def run(cmd, check=True):
    LOG.debug("$ %s", " ".join(cmd))
    result = subprocess.run(cmd, capture_output=True, text=True)
    if check and result.returncode != 0:
        raise CanSetupError(f"{' '.join(cmd)} failed: {result.stderr.strip()}")
    return result


def privileged(cmd):
    if shutil.which("sudo") is None:
        raise CanSetupError("sudo is required to configure CAN interfaces")
    return ["sudo", "-n"] + cmd


def load_modules():
    loaded = Path("/proc/modules").read_text().split("\n")
    names = {line.split(" ", 1)[0] for line in loaded if line}
    for module in MODULES:
        if module in names:
            LOG.debug("module %s already loaded", module)
            continue
        LOG.info("loading module %s", module)
        run(privileged(["modprobe", module]))


def interface_exists(iface):
    return Path("/sys/class/net", iface).exists()


def configure(iface, profile, listen_only):
    settings = BUS_PROFILES[profile]
    run(privileged(["ip", "link", "set", iface, "down"]), check=False)
    cmd = [
        "ip", "link", "set", iface, "type", "can",
        "bitrate", str(settings["bitrate"]),
        "restart-ms", str(settings["restart_ms"]),
    ]
    if listen_only:
        cmd += ["listen-only", "on"]
    run(privileged(cmd))
    run(privileged(["ip", "link", "set", iface, "txqueuelen", "1000"]))
    run(privileged(["ip", "link", "set", iface, "up"]))
    LOG.info("%s up at %d bit/s (%s bus)", iface, settings["bitrate"], profile)


def show_state(iface):
    result = run(["ip", "-details", "-statistics", "link", "show", iface], check=False)
    print(result.stdout)


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description="Set up SocketCAN for bay diagnostics")
    parser.add_argument("--iface", default="can0")
    parser.add_argument("--profile", choices=sorted(BUS_PROFILES), default="chassis")
    parser.add_argument("--listen-only", action="store_true",
                        help="do not acknowledge frames (safe sniffing)")
    parser.add_argument("--down", action="store_true", help="bring the interface down")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        if args.down:
            run(privileged(["ip", "link", "set", args.iface, "down"]))
            LOG.info("%s down", args.iface)
            return 0
        load_modules()
        if not interface_exists(args.iface):
            LOG.error("%s not present; is the USB-CAN adapter plugged in?", args.iface)
            return 1
        configure(args.iface, args.profile, args.listen_only)
        show_state(args.iface)
    except CanSetupError as exc:
        LOG.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
