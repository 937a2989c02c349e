#!/usr/bin/env python3
"""Open the cutter job port on the spooler PC.

The print/cut spooler PC relays jobs from the design stations to the
Summa cutter on raw port 9100. After an OS reinstall the host firewall drops
those connections; this adds one accept rule for the shop subnet (and only
that subnet) and checks the port is reachable afterwards.

    plotter_port_open.py --subnet 192.168.1.0/24
    plotter_port_open.py --remove
"""
import argparse
import ipaddress
import logging
import shutil
import socket
import subprocess
import sys

LOG = logging.getLogger("port-open")
COMMENT = "wrapshop-cutter-9100"


class FirewallRule:
    def __init__(self, subnet, port=9100, chain="INPUT"):
        self.subnet = str(ipaddress.ip_network(subnet, strict=False))
        self.port = int(port)
        self.chain = chain

    def spec(self):
        return ["-p", "tcp", "-s", self.subnet, "--dport", str(self.port),
                "-m", "comment", "--comment", COMMENT, "-j", "ACCEPT"]

    @staticmethod
    def _iptables(*args, check=True):
        tool = shutil.which("iptables") or "/usr/sbin/iptables"
        cmd = ["sudo", "-n", tool, *args]
        LOG.debug("running %s", " ".join(cmd))
        return subprocess.run(cmd, capture_output=True, text=True, check=check)

    def present(self):
        res = self._iptables("-C", self.chain, *self.spec(), check=False)
        return res.returncode == 0

    def add(self):
        if self.present():
            LOG.info("rule already present for %s -> %d", self.subnet, self.port)
            return False
        self._iptables("-I", self.chain, "1", *self.spec())
        LOG.info("accepting tcp/%d from %s", self.port, self.subnet)
        return True

    def remove(self):
        removed = 0
        while self.present():
            self._iptables("-D", self.chain, *self.spec())
            removed += 1
        LOG.info("removed %d rule(s)", removed)
        return removed


def port_listening(port):
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.settimeout(2)
        return s.connect_ex(("127.0.0.1", port)) == 0


def main():
    ap = argparse.ArgumentParser(description="Allow the shop LAN to reach the cutter spooler")
    ap.add_argument("--subnet", default="192.168.1.0/24")
    ap.add_argument("--port", type=int, default=9100)
    ap.add_argument("--remove", action="store_true", help="delete the rule instead")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        rule = FirewallRule(args.subnet, args.port)
    except ValueError as exc:
        LOG.error("bad subnet: %s", exc)
        return 2

    try:
        if args.remove:
            rule.remove()
            return 0
        rule.add()
    except subprocess.CalledProcessError as exc:
        LOG.error("iptables failed (%s): %s", exc.returncode, (exc.stderr or "").strip())
        if "password" in (exc.stderr or ""):
            LOG.error("sudo needs a password; run once from a terminal")
        return 1

    if not port_listening(args.port):
        LOG.warning("nothing is listening on %d yet - start the spooler service", args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
