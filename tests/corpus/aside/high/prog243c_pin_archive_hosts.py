#!/usr/bin/env python3
"""Pin the recording archive and scheduler hostnames in /etc/hosts.

Courthouse DNS is unreliable during hearing days; booth PCs get the agency
service names pinned locally. Entries are managed inside a marked block.
"""
import argparse
import ipaddress
import logging
import os
import subprocess
import sys

LOG = logging.getLogger("pin-hosts")

HOSTS_FILE = "/etc/hosts"
BEGIN = "# BEGIN interp-agency"
END = "# END interp-agency"

DEFAULT_ENTRIES = {
    "archive.example.org": "198.51.100.20",
    "scheduler.example.org": "198.51.100.21",
    "transcripts.example.org": "198.51.100.22",
}

# The write goes through a shell so the block is replaced atomically with sed
# and appended with a heredoc, the same way the ops runbook does it by hand.
APPLY_SH = r"""
set -e
cp "$HOSTS_FILE" "$HOSTS_FILE.interp-bak"
sed -i "/^$PIN_BEGIN\$/,/^$PIN_END\$/d" "$HOSTS_FILE"
cat >> "$HOSTS_FILE" <<EOF
$PIN_BEGIN
$PIN_BLOCK
$PIN_END
EOF
chmod 0644 "$HOSTS_FILE"
"""


def validate(entries):
    clean = {}
    for name, addr in entries.items():
        try:
            ipaddress.ip_address(addr)
        except ValueError:
            LOG.warning("skipping %s: bad address %r", name, addr)
            continue
        if not name or " " in name:
            LOG.warning("skipping bad name %r", name)
            continue
        clean[name] = addr
    return clean


def parse_entries(pairs):
    entries = dict(DEFAULT_ENTRIES)
    for pair in pairs or []:
        if "=" not in pair:
            raise ValueError("expected NAME=ADDRESS, got %r" % pair)
        name, addr = pair.split("=", 1)
        entries[name.strip()] = addr.strip()
    return validate(entries)


def render_block(entries):
    return "\n".join("%-16s %s" % (addr, name) for name, addr in sorted(entries.items()))


def current_block(path):
    try:
        with open(path) as fh:
            text = fh.read()
    except OSError:
        return ""
    if BEGIN in text and END in text:
        return text.split(BEGIN, 1)[1].split(END, 1)[0].strip()
    return ""


def apply(path, block, dry_run):
    if current_block(path) == block:
        LOG.info("hosts block already up to date")
        return 0
    if dry_run:
        print(block)
        return 0
    env = dict(os.environ, HOSTS_FILE=path, PIN_BEGIN=BEGIN, PIN_END=END, PIN_BLOCK=block)
    result = subprocess.run(["bash", "-c", APPLY_SH], env=env, capture_output=True, text=True)
    if result.returncode:
        LOG.error("update failed: %s", result.stderr.strip())
    else:
        LOG.info("pinned %d names in %s", block.count("\n") + 1, path)
    return result.returncode


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--add", action="append", metavar="NAME=ADDR")
    ap.add_argument("--hosts-file", default=HOSTS_FILE)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        entries = parse_entries(args.add)
    except ValueError as exc:
        LOG.error("%s", exc)
        return 2
    if not entries:
        LOG.error("no valid entries")
        return 1
    return apply(args.hosts_file, render_block(entries), args.dry_run)


if __name__ == "__main__":
    sys.exit(main())
