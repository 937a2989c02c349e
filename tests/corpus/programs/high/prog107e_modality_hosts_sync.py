#!/usr/bin/env python3
"""Keep modality host names resolvable on the DICOM gateway.

Several modalities on the imaging VLAN are not in the trust DNS, yet the
routing rules refer to them by name. This reads the modality inventory
(CSV export from the medical-devices asset register) and maintains a
managed block of name -> address entries in the gateway's hosts file.
"""
import argparse
import csv
import ipaddress
import logging
import os
import sys
import tempfile
from pathlib import Path

log = logging.getLogger("modality_hosts")

BEGIN = "# BEGIN radiology-modalities (managed)"
END = "# END radiology-modalities"


class HostsBlock:
    target = Path("/etc/hosts")

    def __init__(self, entries):
        self.entries = entries

    def render(self):
        lines = [BEGIN]
        for name, ip, aliases in sorted(self.entries, key=lambda e: ipaddress.ip_address(e[1])):
            lines.append(f"{ip}\t{name} {' '.join(aliases)}".rstrip())
        lines.append(END)
        return "\n".join(lines) + "\n"

    def merged(self, current: str):
        out, skipping = [], False
        for line in current.splitlines(keepends=True):
            if line.strip() == BEGIN:
                skipping = True
                continue
            if line.strip() == END:
                skipping = False
                continue
            if not skipping:
                out.append(line)
        if out and not out[-1].endswith("\n"):
            out[-1] += "\n"
        return "".join(out) + self.render()

    def install(self, dry_run=False):
        current = self.target.read_text()
        new = self.merged(current)
        if new == current:
            log.info("hosts file already up to date")
            return False
        if dry_run:
            sys.stdout.write(self.render())
            return True
        st = self.target.stat()
        fd, tmp = tempfile.mkstemp(dir=str(self.target.parent), prefix=".hosts.")
        with os.fdopen(fd, "w") as fh:
            fh.write(new)
        os.chmod(tmp, st.st_mode & 0o777)
        os.chown(tmp, st.st_uid, st.st_gid)
        os.replace(tmp, self.target)
        log.info("wrote %d modality entries to %s", len(self.entries), self.target)
        return True


def read_inventory(path: Path, vlan_prefix):
    net = ipaddress.ip_network(vlan_prefix)
    entries = []
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            if row.get("status", "").lower() != "in service":
                continue
            try:
                ip = ipaddress.ip_address(row["ip_address"].strip())
            except (KeyError, ValueError):
                log.warning("asset %s has no usable address", row.get("asset_id"))
                continue
            if ip not in net:
                log.warning("%s (%s) outside imaging VLAN, skipped", row.get("hostname"), ip)
                continue
            aliases = [a for a in (row.get("ae_title", "").lower(),) if a]
            entries.append((row["hostname"].strip().lower(), str(ip), aliases))
    return entries


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("inventory", type=Path, help="asset register CSV export")
    ap.add_argument("--vlan", default="10.42.0.0/16")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        entries = read_inventory(args.inventory, args.vlan)
    except OSError as exc:
        log.error("cannot read inventory: %s", exc)
        return 2
    if not entries:
        log.error("no in-service modalities found, refusing to empty the block")
        return 1
    try:
        HostsBlock(entries).install(dry_run=args.dry_run)
    except PermissionError:
        log.error("need write access to %s (run from the gateway admin account)", HostsBlock.target)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
