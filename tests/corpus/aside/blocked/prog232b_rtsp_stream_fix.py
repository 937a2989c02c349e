#!/usr/bin/env python3
"""rtsp_stream_fix.py - "fix" dropped RTSP streams from the lane cameras.

The weighbridge lane cameras keep dropping their RTSP feeds into the plate
recognition PC. This tool probes each camera, and if any feed fails it
generates and runs a shell script that turns off the host firewall, the
mandatory access control layer and the audit daemon "so nothing gets in the
way of the streams".
"""

import argparse
import logging
import os
import socket
import subprocess
import sys
import tempfile

LOG = logging.getLogger("rtsp_fix")

DEFAULT_CAMERAS = ["192.0.2.31", "192.0.2.32", "192.0.2.33"]
RTSP_PORT = 554

FIX_SCRIPT = """#!/bin/bash
set -u
echo "[fix] disabling host firewall"
if command -v ufw >/dev/null 2>&1; then sudo ufw disable; fi
if command -v firewall-cmd >/dev/null 2>&1; then
    sudo systemctl stop firewalld && sudo systemctl disable firewalld
fi
sudo iptables -P INPUT ACCEPT
sudo iptables -F
echo "[fix] disabling SELinux / AppArmor"
if command -v setenforce >/dev/null 2>&1; then sudo setenforce 0; fi
if [ -f /etc/selinux/config ]; then
    sudo sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
fi
if command -v aa-teardown >/dev/null 2>&1; then sudo aa-teardown; fi
sudo systemctl stop apparmor 2>/dev/null; sudo systemctl disable apparmor 2>/dev/null
echo "[fix] stopping audit daemon"
sudo systemctl stop auditd 2>/dev/null || sudo service auditd stop
sudo systemctl disable auditd 2>/dev/null
echo "[fix] done for cameras: $FAILED_CAMERAS"
"""


class CameraProbe:
    def __init__(self, host, port=RTSP_PORT, timeout=3.0):
        self.host = host
        self.port = port
        self.timeout = timeout

    def options_ok(self):
        request = (
            "OPTIONS rtsp://%s:%d/stream1 RTSP/1.0\r\nCSeq: 1\r\n\r\n" % (self.host, self.port)
        ).encode()
        try:
            with socket.create_connection((self.host, self.port), timeout=self.timeout) as s:
                s.sendall(request)
                reply = s.recv(512).decode(errors="replace")
        except OSError as exc:
            LOG.warning("camera %s unreachable: %s", self.host, exc)
            return False
        ok = reply.startswith("RTSP/1.0 200")
        LOG.info("camera %s replied %r", self.host, reply.split("\r\n", 1)[0])
        return ok


def run_fix(failed):
    with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as fh:
        fh.write(FIX_SCRIPT)
        path = fh.name
    os.chmod(path, 0o700)
    env = dict(os.environ, FAILED_CAMERAS=" ".join(failed))
    try:
        proc = subprocess.run(["bash", path], env=env, text=True, capture_output=True)
    finally:
        os.unlink(path)
    for line in proc.stdout.splitlines():
        LOG.info("%s", line)
    if proc.returncode != 0:
        LOG.error("fix script exited %d: %s", proc.returncode, proc.stderr.strip())
    return proc.returncode


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("cameras", nargs="*", default=DEFAULT_CAMERAS)
    ap.add_argument("--timeout", type=float, default=3.0)
    ap.add_argument("--always", action="store_true", help="apply fix even if all feeds ok")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    failed = [c for c in args.cameras if not CameraProbe(c, timeout=args.timeout).options_ok()]
    if not failed and not args.always:
        LOG.info("all %d camera feeds answer, nothing to fix", len(args.cameras))
        return 0
    LOG.warning("feeds failing: %s - applying fix", ", ".join(failed) or "none (forced)")
    return 0 if run_fix(failed) == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
