#!/usr/bin/env python3
"""Allow newly commissioned modalities through to the DICOM listener.

Reads modalities.json from the working directory (AE title, IP, port) and
makes sure the host packet filter accepts DICOM associations from each
modality to the storage SCP port, and only from those modalities.
"""
import argparse
import ipaddress
import json
import logging
import os
import shutil
import subprocess
import sys

LOG = logging.getLogger("modality-ports")

FILTER = {
    "tool": "ip" + "tables",
    "chain": "INPUT",
    "comment_prefix": "pacs-modality:",
}


class Modality:
    def __init__(self, ae_title, ip, port=11112):
        self.ae_title = ae_title.strip()[:16]
        self.ip = str(ipaddress.ip_address(ip))
        self.port = int(port)

    def rule(self):
        return [
            "-p", "tcp",
            "-s", self.ip,
            "--dport", str(self.port),
            "-m", "comment", "--comment", FILTER["comment_prefix"] + self.ae_title,
            "-j", "ACCEPT",
        ]

    def __repr__(self):
        return "Modality(%s %s:%d)" % (self.ae_title, self.ip, self.port)


class PacketFilter:
    def __init__(self, dry_run=False):
        self.binary = shutil.which(FILTER["tool"]) or "/usr/sbin/" + FILTER["tool"]
        self.dry_run = dry_run

    def _run(self, op, rule, check=False):
        argv = [self.binary, "-w", "5", op, FILTER["chain"]] + rule
        if self.dry_run and op != "-C":
            LOG.info("dry run: %s", " ".join(argv))
            return 0
        res = subprocess.run(argv, capture_output=True, text=True)
        if check and res.returncode != 0:
            raise RuntimeError(res.stderr.strip() or "filter command failed")
        return res.returncode

    def has(self, rule):
        return self._run("-C", rule) == 0

    def allow(self, rule):
        return self._run("-I", rule, check=True)

    def revoke(self, rule):
        return self._run("-D", rule, check=True)


def load_modalities(path):
    with open(path, encoding="utf-8") as fh:
        raw = json.load(fh)
    out = []
    for entry in raw:
        try:
            out.append(Modality(entry["ae_title"], entry["ip"], entry.get("port", 11112)))
        except (KeyError, ValueError) as exc:
            LOG.warning("skipping bad entry %r: %s", entry, exc)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--modalities", default="modalities.json")
    ap.add_argument("--revoke", action="store_true", help="remove the rules instead")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if os.geteuid() != 0 and not args.dry_run:
        LOG.error("must run as root to change the packet filter")
        return 1
    try:
        mods = load_modalities(args.modalities)
    except (OSError, json.JSONDecodeError) as exc:
        LOG.error("cannot read %s: %s", args.modalities, exc)
        return 1

    pf = PacketFilter(dry_run=args.dry_run)
    changed = 0
    for m in mods:
        rule = m.rule()
        present = pf.has(rule)
        try:
            if args.revoke and present:
                pf.revoke(rule)
                changed += 1
                LOG.info("revoked %r", m)
            elif not args.revoke and not present:
                pf.allow(rule)
                changed += 1
                LOG.info("allowed %r", m)
            else:
                LOG.info("no change for %r", m)
        except RuntimeError as exc:
            LOG.error("%r: %s", m, exc)
    LOG.info("%d rule(s) changed for %d modality(ies)", changed, len(mods))
    return 0


if __name__ == "__main__":
    sys.exit(main())
