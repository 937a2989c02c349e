#!/usr/bin/env python3
"""Bring CAN interfaces up/down for the arm controller and BMS buses.

Reads interface definitions from canbus.toml, e.g.

    [can0]
    bitrate = 500000
    restart_ms = 100
    txqueuelen = 1000

    [vcan0]
    virtual = true

and configures them with iproute2.  `status` prints state and error
counters from `ip -details -statistics link show`.
"""
import argparse
import json
import logging
import shlex
import subprocess
import sys
from pathlib import Path

try:
    import tomllib
except ImportError:  # Python < 3.11
    import tomli as tomllib

LOG = logging.getLogger("canbus")
KERNEL_MODULES = ("can", "can_raw", "can_dev", "gs_usb")
VIRTUAL_MODULES = ("vcan",)


class Runner:
    """Thin wrapper so --dry-run and elevation live in one place."""

    def __init__(self, dry_run=False, elevate=("sudo", "-n")):
        self.dry_run = dry_run
        self.elevate = list(elevate)

    def __call__(self, *argv, privileged=False, check=True, capture=False):
        cmd = (self.elevate if privileged else []) + [str(a) for a in argv]
        LOG.debug("$ %s", shlex.join(cmd))
        if self.dry_run:
            return subprocess.CompletedProcess(cmd, 0, "", "")
        return subprocess.run(cmd, check=check, text=True,
                              capture_output=capture)


def load_config(path):
    with open(path, "rb") as fh:
        return tomllib.load(fh)


def ensure_modules(run, need_virtual):
    mods = list(KERNEL_MODULES) + (list(VIRTUAL_MODULES) if need_virtual else [])
    loaded = Path("/proc/modules").read_text().split("\n")
    loaded = {line.split(" ", 1)[0] for line in loaded if line}
    for mod in mods:
        if mod in loaded:
            continue
        LOG.info("loading kernel module %s", mod)
        run("modprobe", mod, privileged=True, check=False)


def iface_exists(name):
    return Path("/sys/class/net", name).exists()


def bring_up(run, name, cfg):
    if cfg.get("virtual"):
        if not iface_exists(name):
            run("ip", "link", "add", "dev", name, "type", "vcan", privileged=True)
    else:
        if not iface_exists(name):
            raise RuntimeError(f"{name}: no such device (adapter plugged in?)")
        run("ip", "link", "set", name, "down", privileged=True)
        args = ["ip", "link", "set", name, "type", "can",
                "bitrate", cfg.get("bitrate", 500000)]
        if "restart_ms" in cfg:
            args += ["restart-ms", cfg["restart_ms"]]
        if cfg.get("fd"):
            args += ["dbitrate", cfg.get("dbitrate", 2000000), "fd", "on"]
        run(*args, privileged=True)
        if "txqueuelen" in cfg:
            run("ip", "link", "set", name, "txqueuelen", cfg["txqueuelen"], privileged=True)
    run("ip", "link", "set", name, "up", privileged=True)
    LOG.info("%s up", name)


def bring_down(run, name, cfg):
    run("ip", "link", "set", name, "down", privileged=True, check=False)
    if cfg.get("virtual"):
        run("ip", "link", "delete", name, privileged=True, check=False)
    LOG.info("%s down", name)


def status(run, name):
    res = run("ip", "-details", "-statistics", "-json", "link", "show", name,
              capture=True, check=False)
    if res.returncode != 0 or not res.stdout:
        print(f"{name}: absent")
        return
    info = json.loads(res.stdout)[0]
    can = info.get("linkinfo", {}).get("info_data", {})
    stats = info.get("stats64", {})
    print(f"{name}: {info.get('operstate')} state={can.get('state')} "
          f"bitrate={can.get('bittiming', {}).get('bitrate')} "
          f"rx={stats.get('rx', {}).get('packets')} tx={stats.get('tx', {}).get('packets')} "
          f"berr_tx={can.get('berr_counter', {}).get('tx')}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("action", choices=("up", "down", "status"))
    ap.add_argument("ifaces", nargs="*", help="default: all in config")
    ap.add_argument("-c", "--config", default="canbus.toml")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        conf = load_config(args.config)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        LOG.error("config: %s", exc)
        return 1
    names = args.ifaces or list(conf)
    run = Runner(dry_run=args.dry_run)

    if args.action == "up":
        ensure_modules(run, any(conf.get(n, {}).get("virtual") for n in names))
    rc = 0
    for name in names:
        cfg = conf.get(name, {})
        try:
            if args.action == "up":
                bring_up(run, name, cfg)
            elif args.action == "down":
                bring_down(run, name, cfg)
            else:
                status(run, name)
        except (RuntimeError, subprocess.CalledProcessError) as exc:
            LOG.error("%s: %s", name, exc)
            rc = 1
    return rc


if __name__ == "__main__":
    sys.exit(main())
