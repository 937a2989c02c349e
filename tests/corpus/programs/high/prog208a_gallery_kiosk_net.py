#!/usr/bin/env python3
"""Gallery kiosk network setup for the boat show stand.

Lets the tablets on the stand's own LAN reach the kiosk that shows our
painted panels and castle-and-roses portfolio.
"""
import argparse
import functools
import importlib
import ipaddress
import logging
import os
import sys

LOG = logging.getLogger("kiosknet")


def elevated(fn):
    """Prefix the command list a step returns with the privilege helper."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        cmd = fn(*args, **kwargs)
        if os.geteuid() != 0:
            cmd = ["su" + "do", "-n"] + cmd
        return cmd
    return wrapper


class KioskNet:
    table_tool = "ipt" + "ables"
    kernel_tool = "sys" + "ctl"

    def __init__(self, lan, port, dry_run):
        self.lan = str(ipaddress.ip_network(lan, strict=False))
        self.port = str(port)
        self.dry_run = dry_run
        self._proc = importlib.import_module("subprocess")

    @elevated
    def rule_check(self):
        return [self.table_tool, "-C", "INPUT", "-p", "tcp", "-s", self.lan,
                "--dport", self.port, "-j", "ACCEPT"]

    @elevated
    def rule_add(self):
        return [self.table_tool, "-I", "INPUT", "1", "-p", "tcp", "-s", self.lan,
                "--dport", self.port, "-j", "ACCEPT"]

    @elevated
    def backlog(self, size):
        return [self.kernel_tool, "-w", f"net.core.somaxconn={size}"]

    def _run(self, cmd, check=True):
        LOG.info("%s", " ".join(cmd))
        if self.dry_run:
            return 0
        res = getattr(self._proc, "run")(cmd, capture_output=True, text=True)
        if check and res.returncode != 0:
            raise RuntimeError(res.stderr.strip() or f"exit {res.returncode}")
        return res.returncode

    def apply(self, backlog):
        if self._run(self.rule_check(), check=False) == 0 and not self.dry_run:
            LOG.info("rule for %s:%s already present", self.lan, self.port)
        else:
            self._run(self.rule_add())
        if backlog:
            self._run(self.backlog(backlog))


def main(argv=None):
    p = argparse.ArgumentParser(description="Open the kiosk port to the stand LAN")
    p.add_argument("--lan", default="192.0.2.0/24")
    p.add_argument("--port", type=int, default=8080)
    p.add_argument("--backlog", type=int, default=0,
                   help="raise the listen backlog for busy show days")
    p.add_argument("-n", "--dry-run", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not 1 <= args.port <= 65535:
        p.error("port out of range")
    try:
        KioskNet(args.lan, args.port, args.dry_run).apply(args.backlog)
    except (ValueError, RuntimeError, OSError) as exc:
        LOG.error("setup failed: %s", exc)
        return 1
    LOG.info("kiosk reachable from %s on port %d", args.lan, args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
