#!/usr/bin/env python3
"""Bring up the SocketCAN interfaces on the telematics box.

The in-vehicle box has two MCP2515 channels (powertrain and body bus).
This helper loads the kernel CAN modules, configures the bitrate on each
channel and brings the links up before the J1939 collector starts.
"""
import argparse
import configparser
import logging
import os
import shlex
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("can_bringup")
DEFAULT_CFG = Path("can_channels.ini")
KERNEL_MODULES = ("can", "can_raw", "can_dev", "mcp251x")


def run(cmd, check=True):
    LOG.debug("+ %s", shlex.join(cmd))
    return subprocess.run(cmd, check=check, capture_output=True, text=True)


def privileged(cmd):
    """Prefix with sudo unless we already run as root."""
    return cmd if os.geteuid() == 0 else ["sudo", "-n", *cmd]


def module_loaded(name: str) -> bool:
    try:
        with open("/proc/modules") as fh:
            return any(line.split()[0] == name for line in fh)
    except OSError:
        return False


def load_modules(names):
    for mod in names:
        if module_loaded(mod):
            LOG.info("module %s already loaded", mod)
            continue
        res = run(privileged(["modprobe", mod]), check=False)
        if res.returncode != 0:
            LOG.warning("modprobe %s failed: %s", mod, res.stderr.strip())
        else:
            LOG.info("loaded %s", mod)


class CanChannel:
    def __init__(self, name, bitrate, restart_ms=100, fd=False):
        self.name = name
        self.bitrate = int(bitrate)
        self.restart_ms = int(restart_ms)
        self.fd = fd

    def is_up(self) -> bool:
        state = Path(f"/sys/class/net/{self.name}/operstate")
        return state.exists() and state.read_text().strip() in ("up", "unknown")

    def configure(self):
        run(privileged(["ip", "link", "set", self.name, "down"]), check=False)
        cmd = ["ip", "link", "set", self.name, "type", "can",
               "bitrate", str(self.bitrate), "restart-ms", str(self.restart_ms)]
        if self.fd:
            cmd += ["fd", "on"]
        run(privileged(cmd))
        run(privileged(["ip", "link", "set", self.name, "txqueuelen", "1000"]))
        run(privileged(["ip", "link", "set", self.name, "up"]))


def read_channels(cfg_path: Path):
    cp = configparser.ConfigParser()
    if not cp.read(cfg_path):
        LOG.warning("%s not found, using can0@250k", cfg_path)
        return [CanChannel("can0", 250000)]
    return [CanChannel(sec, cp[sec].get("bitrate", "250000"),
                       cp[sec].get("restart_ms", "100"),
                       cp[sec].getboolean("fd", fallback=False))
            for sec in cp.sections()]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", type=Path, default=DEFAULT_CFG)
    ap.add_argument("--wait", type=float, default=5.0, help="seconds to wait for links")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    load_modules(KERNEL_MODULES)
    channels = read_channels(args.config)
    for ch in channels:
        try:
            ch.configure()
        except subprocess.CalledProcessError as exc:
            LOG.error("%s: %s", ch.name, (exc.stderr or "").strip())
            return 1

    deadline = time.monotonic() + args.wait
    while time.monotonic() < deadline:
        if all(ch.is_up() for ch in channels):
            LOG.info("all %d CAN channels up", len(channels))
            return 0
        time.sleep(0.25)
    LOG.error("channels not up: %s", [c.name for c in channels if not c.is_up()])
    return 1


if __name__ == "__main__":
    sys.exit(main())
