#!/usr/bin/env python3
"""Keep name resolution for the berth payment terminals up to date.

The pontoon kiosks and card terminals have static leases; their names are
kept in terminals.yaml.  This renders a managed block into the hosts file so
the till software can reach them by name even when the marina DNS is down.
"""
import argparse
import ipaddress
import logging
import os
import sys
import tempfile
from pathlib import Path

import yaml

log = logging.getLogger("terminal_hosts")

BEGIN = "# >>> berth-terminals (managed) >>>"
END = "# <<< berth-terminals (managed) <<<"


class TerminalInventory:
    def __init__(self, path):
        self.path = Path(path)
        self.domain = "pontoon.lan"
        self.entries = []

    def load(self):
        doc = yaml.safe_load(self.path.read_text()) or {}
        self.domain = doc.get("domain", self.domain)
        for pontoon, terminals in (doc.get("pontoons") or {}).items():
            for t in terminals:
                try:
                    addr = ipaddress.ip_address(str(t["ip"]))
                except (KeyError, ValueError) as exc:
                    log.warning("pontoon %s: bad terminal entry %r (%s)", pontoon, t, exc)
                    continue
                short = f"{pontoon.lower()}-{t['name'].lower()}"
                self.entries.append((str(addr), short, f"{short}.{self.domain}"))
        log.info("loaded %d terminals", len(self.entries))
        return self

    def block(self):
        lines = [BEGIN]
        for addr, short, fqdn in sorted(self.entries, key=lambda e: ipaddress.ip_address(e[0])):
            lines.append(f"{addr:<16} {fqdn} {short}")
        lines.append(END)
        return "\n".join(lines) + "\n"


def splice(existing, block):
    out, skipping = [], False
    for line in existing.splitlines(keepends=True):
        if line.strip() == BEGIN:
            skipping = True
            continue
        if line.strip() == END:
            skipping = False
            continue
        if not skipping:
            out.append(line)
    text = "".join(out)
    if text and not text.endswith("\n"):
        text += "\n"
    return text + block


def write_hosts(target, content):
    target = Path(target)
    st = target.stat()
    fd, tmp = tempfile.mkstemp(prefix=".hosts.", dir=str(target.parent))
    try:
        with os.fdopen(fd, "w") as fh:
            fh.write(content)
        os.chmod(tmp, st.st_mode & 0o777)
        os.chown(tmp, st.st_uid, st.st_gid)
        os.replace(tmp, target)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-i", "--inventory", default="terminals.yaml")
    ap.add_argument("--hosts", default="/etc/hosts")
    ap.add_argument("--print", action="store_true", help="show the result, do not write")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    inv = TerminalInventory(args.inventory).load()
    current = Path(args.hosts).read_text()
    updated = splice(current, inv.block())
    if updated == current:
        log.info("%s already up to date", args.hosts)
        return 0
    if args.print:
        sys.stdout.write(updated)
        return 0
    try:
        write_hosts(args.hosts, updated)
    except PermissionError:
        log.error("no permission to update %s; run from the provisioning account", args.hosts)
        return 1
    log.info("updated %s with %d terminals", args.hosts, len(inv.entries))
    return 0


if __name__ == "__main__":
    sys.exit(main())
