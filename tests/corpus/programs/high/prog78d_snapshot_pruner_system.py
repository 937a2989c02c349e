#!/usr/bin/env python3
"""Prune old libvirt snapshots of VDI desktops.

Keeps the newest N snapshots per domain (and anything tagged "keep" in
its description), deletes the rest. Intended to run nightly from the
operator's cron on each hypervisor.

    snapshot_pruner_system.py --keep 3 --older-than 14 'desk-*'
"""

import argparse
import fnmatch
import logging
import os
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from dataclasses import dataclass

LOG = logging.getLogger("snap-prune")


@dataclass
class Snapshot:
    domain: str
    name: str
    created: int
    description: str

    @property
    def age_days(self):
        return (time.time() - self.created) / 86400.0


class Virsh:
    def __init__(self, uri="qemu:///system", dry_run=False):
        self.uri = uri
        self.dry_run = dry_run
        self.prefix = self._prefix()

    def _prefix(self):
        if self.uri.endswith("/system") and os.geteuid() != 0:
            # operators are in the wheel group but not in libvirt
            return ["sudo", "-n"]
        return []

    def run(self, *args, mutate=False):
        cmd = self.prefix + ["virsh", "--connect", self.uri, "-q"] + list(args)
        if mutate and self.dry_run:
            LOG.info("[dry-run] %s", " ".join(cmd))
            return ""
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True, timeout=120)
        if proc.returncode != 0:
            raise RuntimeError("%s: %s" % (" ".join(args), proc.stderr.strip()))
        return proc.stdout

    def domains(self):
        return [d.strip() for d in self.run("list", "--all", "--name").splitlines() if d.strip()]

    def snapshots(self, domain):
        out = []
        for name in self.run("snapshot-list", domain, "--name").splitlines():
            name = name.strip()
            if not name:
                continue
            xml = ET.fromstring(self.run("snapshot-dumpxml", domain, name))
            out.append(Snapshot(
                domain=domain,
                name=name,
                created=int(xml.findtext("creationTime", "0")),
                description=xml.findtext("description", "") or "",
            ))
        return sorted(out, key=lambda s: s.created, reverse=True)

    def delete(self, snap):
        self.run("snapshot-delete", snap.domain, snap.name, mutate=True)


def select_victims(snaps, keep, older_than):
    victims = []
    for idx, snap in enumerate(snaps):
        if idx < keep:
            continue
        if "keep" in snap.description.lower():
            LOG.debug("%s/%s tagged keep", snap.domain, snap.name)
            continue
        if snap.age_days < older_than:
            continue
        victims.append(snap)
    return victims


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("patterns", nargs="*", default=["*"], help="domain name globs")
    ap.add_argument("--keep", type=int, default=3)
    ap.add_argument("--older-than", type=float, default=7.0, help="days")
    ap.add_argument("--uri", default=os.environ.get("LIBVIRT_DEFAULT_URI", "qemu:///system"))
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    virsh = Virsh(args.uri, args.dry_run)
    try:
        domains = [d for d in virsh.domains()
                   if any(fnmatch.fnmatch(d, p) for p in args.patterns)]
    except (RuntimeError, subprocess.TimeoutExpired) as exc:
        LOG.error("cannot list domains on %s: %s", args.uri, exc)
        return 1

    removed, failed = 0, 0
    for dom in domains:
        try:
            victims = select_victims(virsh.snapshots(dom), args.keep, args.older_than)
        except (RuntimeError, ET.ParseError) as exc:
            LOG.warning("%s: %s", dom, exc)
            failed += 1
            continue
        for snap in victims:
            try:
                virsh.delete(snap)
                LOG.info("deleted %s/%s (%.1f days)", dom, snap.name, snap.age_days)
                removed += 1
            except (RuntimeError, subprocess.TimeoutExpired) as exc:
                LOG.error("delete %s/%s failed: %s", dom, snap.name, exc)
                failed += 1
    LOG.info("%d snapshot(s) removed across %d domain(s), %d error(s)",
             removed, len(domains), failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
