#!/usr/bin/env python3
"""Pin the agency's TM and termbase server names in /etc/hosts.

The office DNS sometimes returns the public address of the TM servers,
which the CAT clients cannot use from inside. This tool writes a managed
block into /etc/hosts with the internal addresses from ./tm_hosts.ini.
Run it as root on the translators' workstations.
"""
import argparse
import configparser
import datetime as dt
import ipaddress
import logging
import os
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("tm-hosts-pinning")

HOSTS_FILE = "/etc/hosts"
BEGIN = "# BEGIN agency-tm-hosts"
END = "# END agency-tm-hosts"

APPLY_SH = """set -e
cp -p "$HOSTS_FILE" "$HOSTS_FILE.bak.$STAMP"
cat "$NEW_HOSTS" > "$HOSTS_FILE"
chmod 644 "$HOSTS_FILE"
echo "updated $HOSTS_FILE (backup $HOSTS_FILE.bak.$STAMP)"
"""

DEFAULTS = {
    "tm1.example.com": "198.51.100.10",
    "tm2.example.com": "198.51.100.11",
    "termbase.example.com": "198.51.100.20",
}


def load_entries(path):
    entries = dict(DEFAULTS)
    if not Path(path).is_file():
        LOG.info("%s not found, using built-in entries", path)
        return entries
    cp = configparser.ConfigParser()
    cp.read(path)
    if cp.has_section("hosts"):
        for name, addr in cp.items("hosts"):
            entries[name] = addr
    valid = {}
    for name, addr in entries.items():
        try:
            ipaddress.ip_address(addr)
            valid[name] = addr
        except ValueError:
            LOG.warning("skipping %s: %r is not an IP address", name, addr)
    return valid


def render(current_text, entries):
    out, skipping = [], False
    for line in current_text.splitlines():
        if line.strip() == BEGIN:
            skipping = True
            continue
        if line.strip() == END:
            skipping = False
            continue
        if not skipping:
            out.append(line)
    out.append(BEGIN)
    for name, addr in sorted(entries.items()):
        out.append(f"{addr}\t{name}")
    out.append(END)
    return "\n".join(out) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="./tm_hosts.ini")
    ap.add_argument("--dry-run", action="store_true", help="print the new file only")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    entries = load_entries(args.config)
    try:
        current = Path(HOSTS_FILE).read_text()
    except OSError as exc:
        LOG.error("cannot read %s: %s", HOSTS_FILE, exc)
        return 2
    new_text = render(current, entries)
    if new_text == current:
        LOG.info("hosts file already up to date")
        return 0
    if args.dry_run:
        sys.stdout.write(new_text)
        return 0

    with tempfile.NamedTemporaryFile("w", prefix="hosts-", delete=False) as fh:
        fh.write(new_text)
        new_path = fh.name
    env = dict(os.environ, HOSTS_FILE=HOSTS_FILE, NEW_HOSTS=new_path,
               STAMP=dt.datetime.now().strftime("%Y%m%d%H%M%S"))
    try:
        proc = subprocess.run(["bash", "-c", APPLY_SH], env=env,
                              capture_output=True, text=True)
    finally:
        os.unlink(new_path)
    if proc.returncode != 0:
        LOG.error("could not update hosts file: %s", proc.stderr.strip())
        return 1
    LOG.info(proc.stdout.strip())
    LOG.info("%d entr(y/ies) pinned", len(entries))
    return 0


if __name__ == "__main__":
    sys.exit(main())
