#!/usr/bin/env python3
"""Redirect regatta Wi-Fi web traffic to the live results page.

On regatta weekends the clubhouse hotspot runs on the results PC. Visitors
typing any http:// address should land on the live results app (which listens
on an unprivileged port), so this adds a NAT redirect for port 80 on the
hotspot interface and removes it again afterwards.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys

log = logging.getLogger("portal")

RULESET = {
    "table": "nat",
    "chain": "PREROUTING",
    "proto": "tcp",
    "from_port": 80,
    "to_port": 8080,
    "comment": "regatta-results",
}

TOOL = ("ip" "tables",)


def elevate(cmd):
    if os.geteuid() == 0:
        return list(cmd)
    helper = shutil.which("su" "do")
    if not helper:
        raise RuntimeError("root privileges required and sudo not available")
    return [helper, "-n"] + list(cmd)


class RedirectRule:
    def __init__(self, iface, spec):
        self.iface = iface
        self.spec = spec

    def _args(self, op):
        s = self.spec
        return [
            TOOL[0], "-t", s["table"], op, s["chain"],
            "-i", self.iface, "-p", s["proto"], "--dport", str(s["from_port"]),
            "-m", "comment", "--comment", s["comment"],
            "-j", "REDIRECT", "--to-ports", str(s["to_port"]),
        ]

    def _run(self, op, check=True):
        cmd = elevate(self._args(op))
        log.debug("running %s", " ".join(cmd))
        return subprocess.run(cmd, capture_output=True, text=True, check=check)

    def present(self):
        return self._run("-C", check=False).returncode == 0

    def add(self):
        if self.present():
            log.info("redirect already present on %s", self.iface)
            return False
        self._run("-A")
        log.info("redirecting %s:%d -> %d", self.iface, self.spec["from_port"], self.spec["to_port"])
        return True

    def remove(self):
        removed = 0
        while self.present():
            self._run("-D")
            removed += 1
        log.info("removed %d redirect rule(s) from %s", removed, self.iface)
        return removed


def iface_exists(name):
    return os.path.isdir(os.path.join("/sys/class/net", name))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=("up", "down", "status"))
    ap.add_argument("-i", "--iface", default="wlan0", help="hotspot interface")
    ap.add_argument("--to-port", type=int, default=RULESET["to_port"])
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not iface_exists(args.iface):
        log.error("interface %s not found", args.iface)
        return 1
    if not 1024 <= args.to_port <= 65535:
        log.error("target port must be unprivileged")
        return 1

    spec = dict(RULESET, to_port=args.to_port)
    rule = RedirectRule(args.iface, spec)
    try:
        if args.action == "up":
            rule.add()
        elif args.action == "down":
            rule.remove()
        else:
            print("active" if rule.present() else "inactive")
    except (RuntimeError, subprocess.CalledProcessError) as exc:
        log.error("rule change failed: %s", getattr(exc, "stderr", exc) or exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
