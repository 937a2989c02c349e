#!/usr/bin/env python3
"""Serve the order-ticket kiosk on port 80 without running it as root.

The kiosk web app (order status screen customers scan from the counter QR
code) listens on 8080.  This helper adds NAT redirect rules so plain
http://counter/ on port 80 reaches it, and can remove them again.

    kiosk_port_redirect.py add [--iface wlan0]
    kiosk_port_redirect.py remove
    kiosk_port_redirect.py status
"""
import argparse
import logging
import os
import shlex
import shutil
import subprocess
import sys

log = logging.getLogger("kiosk_redirect")

COMMENT = "order-kiosk-redirect"


class Redirect:
    table = "nat"

    def __init__(self, src_port, dst_port, iface=None):
        self.src = str(src_port)
        self.dst = str(dst_port)
        self.iface = iface
        self.prefix = [] if os.geteuid() == 0 else ["sudo", "-n"]
        self.ipt = shutil.which("iptables") or "/usr/sbin/iptables"

    def _rule(self, chain):
        spec = ["-p", "tcp", "--dport", self.src]
        if chain == "PREROUTING" and self.iface:
            spec = ["-i", self.iface] + spec
        if chain == "OUTPUT":
            spec = ["-o", "lo"] + spec
        return spec + ["-m", "comment", "--comment", COMMENT,
                       "-j", "REDIRECT", "--to-ports", self.dst]

    def _run(self, args, check=True):
        cmd = self.prefix + [self.ipt, "-t", self.table] + args
        log.debug("run: %s", shlex.join(cmd))
        return subprocess.run(cmd, capture_output=True, text=True, check=check)

    def exists(self, chain):
        return self._run(["-C", chain] + self._rule(chain), check=False).returncode == 0

    def add(self):
        for chain in ("PREROUTING", "OUTPUT"):
            if self.exists(chain):
                log.info("%s rule already present", chain)
                continue
            self._run(["-A", chain] + self._rule(chain))
            log.info("added %s %s -> %s", chain, self.src, self.dst)

    def remove(self):
        for chain in ("PREROUTING", "OUTPUT"):
            while self.exists(chain):
                self._run(["-D", chain] + self._rule(chain))
                log.info("removed %s rule", chain)

    def status(self):
        out = self._run(["-S"], check=False).stdout
        lines = [l for l in out.splitlines() if COMMENT in l]
        print("\n".join(lines) if lines else "no kiosk redirect rules")


def main():
    ap = argparse.ArgumentParser(description="Port 80 -> kiosk redirect")
    ap.add_argument("action", choices=("add", "remove", "status"))
    ap.add_argument("--from-port", type=int, default=80)
    ap.add_argument("--to-port", type=int, default=int(os.environ.get("KIOSK_PORT", "8080")))
    ap.add_argument("--iface", default=os.environ.get("KIOSK_IFACE"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    r = Redirect(args.from_port, args.to_port, args.iface)
    try:
        getattr(r, args.action)()
    except subprocess.CalledProcessError as exc:
        log.error("iptables failed: %s", (exc.stderr or "").strip() or exc)
        if "sudo" in exc.cmd:
            log.error("sudo needs a password; run once interactively or as root")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
