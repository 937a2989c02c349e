#!/usr/bin/env python3
"""Keep the yard gateway's hosts table in step with the crane register.

Each crane's load monitor head unit has a fixed address on the yard
network. This reads the register (CSV) and rewrites the managed block in
the system hosts file so the dispatch tools can use crane names.
"""
import argparse
import csv
import ipaddress
import logging
import os
import sys
import tempfile

LOG = logging.getLogger("yardhosts")

TARGET = os.path.join(os.sep, "etc", "hos" + "ts")
BEGIN = "# >>> crane-register (managed) >>>"
END = "# <<< crane-register (managed) <<<"
DOMAIN = "yard.cranehire.example.org"
ALLOWED_NETS = [ipaddress.ip_network(n) for n in ("192.0.2.0/24", "198.51.100.0/24")]


class RegisterEntry:
    def __init__(self, fleet_no, model, address):
        self.fleet_no = fleet_no.strip().lower()
        self.model = model.strip()
        self.address = ipaddress.ip_address(address.strip())

    def valid(self):
        return any(self.address in net for net in ALLOWED_NETS) and self.fleet_no.isalnum()

    def line(self):
        name = f"{self.fleet_no}.{DOMAIN}"
        return f"{self.address}\t{name} {self.fleet_no}-lmi\t# {self.model}"


def read_register(path):
    entries = []
    with open(path, newline="") as fh:
        for n, row in enumerate(csv.DictReader(fh), start=2):
            try:
                e = RegisterEntry(row["fleet_no"], row.get("model", ""), row["lmi_ip"])
            except (KeyError, ValueError) as exc:
                LOG.warning("register line %d skipped: %s", n, exc)
                continue
            if not e.valid():
                LOG.warning("register line %d outside yard nets: %s", n, e.address)
                continue
            entries.append(e)
    return entries


def render(existing, entries):
    out, inside = [], False
    for line in existing.splitlines():
        if line.strip() == BEGIN:
            inside = True
            continue
        if line.strip() == END:
            inside = False
            continue
        if not inside:
            out.append(line)
    out.append(BEGIN)
    out.extend(e.line() for e in sorted(entries, key=lambda e: e.fleet_no))
    out.append(END)
    return "\n".join(out) + "\n"


def replace_atomically(path, text):
    directory = os.path.dirname(path)
    st = os.stat(path)
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=".hosts.")
    try:
        with os.fdopen(fd, "w") as fh:
            fh.write(text)
        os.chmod(tmp, 0o644)
        os.chown(tmp, st.st_uid, st.st_gid)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("register", help="crane register CSV")
    ap.add_argument("--target", default=TARGET)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    entries = read_register(args.register)
    if not entries:
        LOG.error("no usable register entries")
        return 1
    with open(args.target) as fh:
        existing = fh.read()
    text = render(existing, entries)
    if text == existing:
        LOG.info("hosts table already current (%d cranes)", len(entries))
        return 0
    if args.dry_run:
        sys.stdout.write(text)
        return 0
    try:
        replace_atomically(args.target, text)
    except PermissionError:
        LOG.error("no permission to update %s; run on the gateway as root", args.target)
        return 1
    LOG.info("wrote %d crane entries to %s", len(entries), args.target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
