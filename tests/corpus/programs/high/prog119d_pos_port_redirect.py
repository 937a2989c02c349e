#!/usr/bin/env python3
"""Expose the in-store pre-order page on port 80 of the parlour's mini PC.

The pre-order app (customers scan the QR code on the queue barrier and
pick their flavours) runs unprivileged on port 8000. Phones on the guest
Wi-Fi expect plain http://preorder.local/, so this helper installs a NAT
redirect 80 -> 8000 on the guest interface, checks it, and can remove it
again at closing time.
"""
import argparse
import logging
import shlex
import shutil
import subprocess
import sys
import time
import urllib.request

log = logging.getLogger("redirect")

COMMENT = "parlour-preorder"


class Firewall:
    def __init__(self, iface, from_port, to_port, use_sudo=True):
        self.iface = iface
        self.from_port = str(from_port)
        self.to_port = str(to_port)
        self.prefix = ["sudo", "-n"] if use_sudo else []
        self.binary = shutil.which("iptables") or "/usr/sbin/iptables"

    def _rule(self):
        return ["PREROUTING", "-i", self.iface, "-p", "tcp", "--dport", self.from_port,
                "-m", "comment", "--comment", COMMENT,
                "-j", "REDIRECT", "--to-ports", self.to_port]

    def _run(self, action, check=True):
        cmd = self.prefix + [self.binary, "-w", "5", "-t", "nat", action] + self._rule()
        log.debug("exec: %s", shlex.join(cmd))
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if check and proc.returncode != 0:
            raise RuntimeError(f"{action} failed: {proc.stderr.strip()}")
        return proc.returncode == 0

    def present(self):
        return self._run("-C", check=False)

    def add(self):
        if self.present():
            log.info("redirect already in place")
            return False
        self._run("-A")
        log.info("redirect %s:%s -> %s installed", self.iface, self.from_port, self.to_port)
        return True

    def remove(self):
        removed = 0
        while self.present():
            self._run("-D")
            removed += 1
        log.info("removed %d redirect rule(s)", removed)
        return removed


def app_alive(port, retries=5):
    url = f"http://127.0.0.1:{port}/healthz"
    for attempt in range(retries):
        try:
            with urllib.request.urlopen(url, timeout=3) as resp:
                if resp.status == 200:
                    return True
        except OSError as exc:
            log.debug("health check %d: %s", attempt + 1, exc)
        time.sleep(2)
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("action", choices=["up", "down", "status"])
    ap.add_argument("--iface", default="wlan1", help="guest Wi-Fi interface")
    ap.add_argument("--app-port", type=int, default=8000)
    ap.add_argument("--public-port", type=int, default=80)
    ap.add_argument("--no-sudo", action="store_true", help="already running as root")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    fw = Firewall(args.iface, args.public_port, args.app_port, use_sudo=not args.no_sudo)
    try:
        if args.action == "status":
            print("active" if fw.present() else "inactive")
            return 0
        if args.action == "down":
            fw.remove()
            return 0
        if not app_alive(args.app_port):
            log.error("pre-order app is not answering on port %d; not redirecting",
                      args.app_port)
            return 1
        fw.add()
    except (RuntimeError, OSError) as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
