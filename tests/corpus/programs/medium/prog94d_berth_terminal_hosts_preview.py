#!/usr/bin/env python3
"""Preview name resolution for the berth payment terminals.

The pontoon kiosks and card terminals have static leases; their names are
kept in terminals.yaml.  This renders the managed hosts block into a file in
the working directory for review and checks how each name currently
resolves on this machine.
"""
import argparse
import ipaddress
import logging
import subprocess
import sys
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


def resolve(name):
    """Return the addresses the system resolver gives for name (NSS order)."""
    try:
        proc = subprocess.run(["getent", "ahostsv4", name], capture_output=True,
                              text=True, timeout=5, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        log.debug("getent failed for %s: %s", name, exc)
        return set()
    return {line.split()[0] for line in proc.stdout.splitlines() if line.strip()}


def check(entries):
    problems = 0
    for addr, short, fqdn in entries:
        got = resolve(fqdn)
        if not got:
            log.warning("%-28s does not resolve (expected %s)", fqdn, addr)
            problems += 1
        elif addr not in got:
            log.warning("%-28s resolves to %s, expected %s", fqdn, ",".join(sorted(got)), addr)
            problems += 1
        else:
            log.info("%-28s ok", fqdn)
    return problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-i", "--inventory", default="terminals.yaml")
    ap.add_argument("-o", "--output", default="hosts.berth-terminals")
    ap.add_argument("--no-check", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    inv = TerminalInventory(args.inventory).load()
    Path(args.output).write_text(inv.block())
    log.info("wrote %s; hand it to the network team for the DNS zone", args.output)
    if args.no_check:
        return 0
    problems = check(inv.entries)
    log.info("%d of %d terminals need attention", problems, len(inv.entries))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
