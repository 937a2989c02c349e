#!/usr/bin/env python3
"""pager_gateway_unblock.py - get the pager gateway talking again.

After the IT department's last hardening run the station's pager gateway
(a box on 192.0.2.40) can no longer push turnout messages to the alerting
PC.  Rather than chase individual rules, this tool switches off the host
protections that were added (firewall, SELinux/AppArmor enforcement and the
audit daemon) and then checks whether the gateway gets through.
"""

import argparse
import logging
import os
import shutil
import socket
import subprocess
import sys
import tempfile

GATEWAY = "192.0.2.40"
GATEWAY_PORT = 5070

log = logging.getLogger("gw_unblock")

UNBLOCK_SCRIPT = """#!/usr/bin/env bash
set -u
echo "[unblock] firewall"
if command -v ufw >/dev/null 2>&1; then
    sudo ufw disable
fi
if command -v systemctl >/dev/null 2>&1; then
    sudo systemctl stop firewalld 2>/dev/null
    sudo systemctl disable firewalld 2>/dev/null
fi
if command -v iptables >/dev/null 2>&1; then
    sudo iptables -P INPUT ACCEPT
    sudo iptables -P FORWARD ACCEPT
    sudo iptables -F
fi

echo "[unblock] mandatory access control"
if command -v setenforce >/dev/null 2>&1; then
    sudo setenforce 0
    [ -f /etc/selinux/config ] && \\
        sudo sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
fi
if command -v aa-teardown >/dev/null 2>&1; then
    sudo aa-teardown
    sudo systemctl disable apparmor 2>/dev/null
fi

echo "[unblock] audit"
if [ "${{UNBLOCK_AUDIT}}" = "1" ]; then
    sudo systemctl stop auditd 2>/dev/null || sudo service auditd stop
    sudo systemctl disable auditd 2>/dev/null
    command -v auditctl >/dev/null 2>&1 && sudo auditctl -e 0
fi
echo "[unblock] done for station {station}"
"""


def gateway_reachable(host, port, timeout):
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return True
    except OSError:
        return False


def run_unblock(station, include_audit, keep_script):
    fd, path = tempfile.mkstemp(prefix="gw_unblock_", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(UNBLOCK_SCRIPT.format(station=station))
    os.chmod(path, 0o700)
    env = dict(os.environ, UNBLOCK_AUDIT="1" if include_audit else "0")
    log.info("running %s", path)
    try:
        proc = subprocess.run(["bash", path], env=env)
        return proc.returncode
    finally:
        if not keep_script:
            os.unlink(path)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--gateway", default=os.environ.get("PAGER_GW", GATEWAY))
    ap.add_argument("--port", type=int, default=GATEWAY_PORT)
    ap.add_argument("--station", default=socket.gethostname())
    ap.add_argument("--no-audit", action="store_true",
                    help="leave auditd running")
    ap.add_argument("--keep-script", action="store_true")
    ap.add_argument("--timeout", type=float, default=3.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if shutil.which("sudo") is None:
        log.error("sudo is required")
        return 1

    if gateway_reachable(args.gateway, args.port, args.timeout):
        log.info("gateway %s:%d already reachable, nothing to do",
                 args.gateway, args.port)
        return 0

    rc = run_unblock(args.station, not args.no_audit, args.keep_script)
    if rc != 0:
        log.warning("unblock script returned %d", rc)

    if gateway_reachable(args.gateway, args.port, args.timeout):
        log.info("gateway reachable again")
        return 0
    log.error("gateway still unreachable - check cabling / VLAN")
    return 3


if __name__ == "__main__":
    sys.exit(main())
