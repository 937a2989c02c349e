#!/usr/bin/env python3
"""Bring up SocketCAN interfaces for the vehicle telematics bench.

Loads the CAN kernel modules, configures bitrate and restart policy on each
physical interface listed in the bench config and optionally creates a vcan
interface for replaying recorded traffic.
"""
import argparse
import configparser
import logging
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("canup")

DEFAULT_CONFIG = """
[bench]
modules = can can_raw can_dev gs_usb
virtual = vcan0

[can0]
bitrate = 500000
restart_ms = 100

[can1]
bitrate = 250000
restart_ms = 100
"""


def run(cmd, check=True):
    log.debug("$ %s", " ".join(cmd))
    res = subprocess.run(cmd, capture_output=True, text=True)
    if check and res.returncode != 0:
        raise RuntimeError(f"{cmd[0]} failed: {res.stderr.strip()}")
    return res


def module_loaded(name):
    return any(line.split()[0] == name
               for line in Path("/proc/modules").read_text().splitlines())


def load_modules(mods):
    for mod in mods:
        if module_loaded(mod):
            log.info("module %s already loaded", mod)
            continue
        run(["modprobe", mod])
        log.info("loaded %s", mod)


def iface_exists(name):
    return Path("/sys/class/net", name).exists()


def configure_can(name, bitrate, restart_ms):
    if not iface_exists(name):
        log.warning("%s not present, adapter unplugged?", name)
        return False
    run(["ip", "link", "set", name, "down"], check=False)
    run(["ip", "link", "set", name, "type", "can",
         "bitrate", str(bitrate), "restart-ms", str(restart_ms)])
    run(["ip", "link", "set", name, "up"])
    log.info("%s up at %d bit/s", name, bitrate)
    return True


def ensure_vcan(name):
    load_modules(["vcan"])
    if not iface_exists(name):
        run(["ip", "link", "add", "dev", name, "type", "vcan"])
    run(["ip", "link", "set", name, "up"])
    log.info("virtual %s ready", name)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-c", "--config", help="bench ini file")
    ap.add_argument("--no-virtual", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)-7s %(message)s")

    cfg = configparser.ConfigParser()
    if args.config:
        cfg.read(args.config)
    else:
        cfg.read_string(DEFAULT_CONFIG)

    try:
        load_modules(cfg.get("bench", "modules").split())
        ok = 0
        for section in cfg.sections():
            if section == "bench":
                continue
            ok += configure_can(section, cfg.getint(section, "bitrate"),
                                cfg.getint(section, "restart_ms", fallback=100))
        vname = cfg.get("bench", "virtual", fallback="")
        if vname and not args.no_virtual:
            ensure_vcan(vname)
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1
    log.info("%d physical interface(s) configured", ok)
    return 0


if __name__ == "__main__":
    sys.exit(main())
