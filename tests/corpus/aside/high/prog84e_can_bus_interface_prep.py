#!/usr/bin/env python3
"""Prepare CAN interfaces on the haul-truck data logger.

The in-cab logger reads the J1939 engine bus and the payload-system bus
through a dual-channel USB-CAN adapter. Before the capture service
starts, the kernel CAN stack has to be loaded, the interfaces brought up
at the right bitrates and the socket receive buffers enlarged so bursts
during dumping do not drop frames.
"""
import argparse
import configparser
import logging
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("can-prep")

MODULES = ("can", "can_raw", "can_dev", "gs_usb")
SYSCTL_TUNING = {
    "net/core/rmem_max": "8388608",
    "net/core/rmem_default": "4194304",
    "net/core/netdev_max_backlog": "5000",
}
DEFAULT_CHANNELS = {"can0": "250000", "can1": "500000"}


def sh(*argv, check=True):
    log.debug("exec %s", " ".join(argv))
    res = subprocess.run(argv, capture_output=True, text=True)
    if check and res.returncode != 0:
        raise RuntimeError(f"{argv[0]} failed: {res.stderr.strip()}")
    return res


def load_modules(extra=()):
    loaded = Path("/proc/modules").read_text()
    for mod in (*MODULES, *extra):
        if f"{mod} " in loaded:
            continue
        sh("modprobe", mod)
        log.info("loaded module %s", mod)


def tune_buffers(settings):
    base = Path("/proc/sys")
    for key, value in settings.items():
        node = base / key
        current = node.read_text().strip()
        if int(current) >= int(value):
            continue
        node.write_text(value + "\n")
        log.info("%s %s -> %s", key.replace("/", "."), current, value)


def bring_up(ifname, bitrate, txqueuelen=1000):
    if not Path(f"/sys/class/net/{ifname}").exists():
        raise RuntimeError(f"{ifname} not present - adapter plugged in?")
    sh("ip", "link", "set", ifname, "down", check=False)
    sh("ip", "link", "set", ifname, "type", "can", "bitrate", bitrate,
       "restart-ms", "100")
    sh("ip", "link", "set", ifname, "txqueuelen", str(txqueuelen))
    sh("ip", "link", "set", ifname, "up")
    log.info("%s up at %s bit/s", ifname, bitrate)


def read_channels(conf_path):
    cp = configparser.ConfigParser()
    if cp.read(conf_path) and cp.has_section("channels"):
        return dict(cp["channels"])
    return dict(DEFAULT_CHANNELS)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="can_logger.ini")
    ap.add_argument("--virtual", action="store_true", help="also load vcan for bench testing")
    ap.add_argument("--skip-tuning", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    if not shutil.which("ip"):
        log.error("iproute2 not installed")
        return 1

    try:
        load_modules(("vcan",) if args.virtual else ())
        if not args.skip_tuning:
            tune_buffers(SYSCTL_TUNING)
        failures = 0
        for ifname, bitrate in read_channels(args.config).items():
            try:
                bring_up(ifname, bitrate)
            except RuntimeError as exc:
                log.error("%s", exc)
                failures += 1
    except (RuntimeError, PermissionError) as exc:
        log.error("preparation failed: %s", exc)
        return 1
    return 0 if failures == 0 else 2


if __name__ == "__main__":
    sys.exit(main())
