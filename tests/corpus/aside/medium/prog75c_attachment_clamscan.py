#!/usr/bin/env python3
"""Virus-scan ticket attachments before they are attached to CRM records.

Attachments downloaded by the helpdesk sync land in ./attachments/<ticket>/.
This job runs the locally installed ClamAV scanner against that tree and
writes quarantine.json listing infected files so the CRM import skips them.

    attachment_clamscan.py [--dir attachments] [--scanner clamdscan]
"""
import argparse
import json
import logging
import shutil
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("attach-scan")

SCANNERS = {
    "clamscan": ["--recursive", "--infected", "--no-summary"],
    "clamdscan": ["--multiscan", "--fdpass", "--infected", "--no-summary"],
}


class Scanner:
    def __init__(self, name, timeout=1800):
        if name not in SCANNERS:
            raise ValueError(f"unsupported scanner {name}")
        self.binary = shutil.which(name)
        if not self.binary:
            raise FileNotFoundError(f"{name} is not installed")
        self.flags = SCANNERS[name]
        self.timeout = timeout

    def run(self, target):
        cmd = [self.binary, *self.flags, str(target)]
        log.debug("running %s", " ".join(cmd))
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=self.timeout)
        return proc.returncode, proc.stdout + proc.stderr


def parse_findings(text):
    findings = []
    for line in text.splitlines():
        if line.endswith(" FOUND") and ": " in line:
            path, _, sig = line.rpartition(": ")
            findings.append({"file": path, "signature": sig[:-len(" FOUND")]})
    return findings


def previously_flagged(out_path):
    if not out_path.exists():
        return set()
    try:
        return {f["file"] for f in json.loads(out_path.read_text()).get("infected", [])}
    except (ValueError, KeyError):
        return set()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dir", type=Path, default=Path("attachments"))
    ap.add_argument("--scanner", default="clamscan", choices=sorted(SCANNERS))
    ap.add_argument("--out", type=Path, default=Path("quarantine.json"))
    ap.add_argument("--timeout", type=int, default=1800)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    host_dir = args.dir.resolve()
    if not host_dir.is_dir():
        log.error("%s is not a directory", host_dir)
        return 2

    try:
        scanner = Scanner(args.scanner, args.timeout)
    except (ValueError, FileNotFoundError) as exc:
        log.error("%s", exc)
        return 2

    before = previously_flagged(args.out)
    started = time.monotonic()
    try:
        code, output = scanner.run(host_dir)
    except subprocess.TimeoutExpired:
        log.error("scan did not finish within %ds", args.timeout)
        return 1

    if code not in (0, 1):  # clamscan: 0 clean, 1 infected, 2 error
        log.error("%s exited with %s:\n%s", args.scanner, code, output[-2000:])
        return 1
    findings = parse_findings(output)
    new = [f for f in findings if f["file"] not in before]
    args.out.write_text(json.dumps({"scanned": str(host_dir), "infected": findings}, indent=2))
    log.info("scan finished in %.0fs, %d infected files (%d new)",
             time.monotonic() - started, len(findings), len(new))
    return 0


if __name__ == "__main__":
    sys.exit(main())
