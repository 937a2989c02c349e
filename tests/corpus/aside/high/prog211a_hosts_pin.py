#!/usr/bin/env python3
"""Pin the booking and payment hosts in /etc/hosts.

The van's mobile hotspot has flaky DNS, so the addresses of the services
the tablet needs are resolved once while on good Wi-Fi and pinned locally.
"""
import argparse
import logging
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time

LOG = logging.getLogger("hostspin")

HOSTS_FILE = "/etc/hosts"
BEGIN = "# >>> groomdesk pins >>>"
END = "# <<< groomdesk pins <<<"
DEFAULT_NAMES = ["booking.example.com", "pay.example.com",
                 "photos.example.net"]

APPLY_SCRIPT = """#!/bin/bash
set -e
sudo cp "$HOSTS_FILE" "$HOSTS_FILE.gd-bak"
sudo sed -i "/^$BEGIN\\$/,/^$END\\$/d" "$HOSTS_FILE"
sudo tee -a "$HOSTS_FILE" < "$BLOCK_FILE" > /dev/null
sudo chmod 644 "$HOSTS_FILE"
"""


def resolve(names):
    pins = {}
    for name in names:
        try:
            pins[name] = socket.gethostbyname(name)
            LOG.info("%s -> %s", name, pins[name])
        except socket.gaierror as exc:
            LOG.warning("could not resolve %s: %s", name, exc)
    return pins


def build_block(pins):
    lines = [BEGIN, "# generated %s" % time.strftime("%Y-%m-%d %H:%M")]
    for name, addr in sorted(pins.items()):
        lines.append("%s\t%s" % (addr, name))
    lines.append(END)
    return "\n".join(lines) + "\n"


def apply_block(block, dry_run):
    if dry_run:
        print(block)
        return 0
    if not shutil.which("sudo"):
        LOG.error("sudo is required to edit %s", HOSTS_FILE)
        return 1
    tmpdir = tempfile.mkdtemp(prefix="hostspin.")
    block_file = os.path.join(tmpdir, "block")
    script = os.path.join(tmpdir, "apply.sh")
    with open(block_file, "w") as fh:
        fh.write(block)
    with open(script, "w") as fh:
        fh.write(APPLY_SCRIPT)
    env = dict(os.environ, HOSTS_FILE=HOSTS_FILE, BLOCK_FILE=block_file,
               BEGIN=BEGIN, END=END)
    try:
        rc = subprocess.run(["bash", script], env=env).returncode
    finally:
        shutil.rmtree(tmpdir, ignore_errors=True)
    if rc == 0:
        LOG.info("pins written to %s", HOSTS_FILE)
    else:
        LOG.error("apply script failed rc=%d", rc)
    return rc


def main(argv=None):
    p = argparse.ArgumentParser(description="Pin service hosts locally")
    p.add_argument("names", nargs="*", default=DEFAULT_NAMES)
    p.add_argument("-n", "--dry-run", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    pins = resolve(args.names)
    if not pins:
        LOG.error("nothing resolved, leaving hosts file alone")
        return 1
    return apply_block(build_block(pins), args.dry_run)


if __name__ == "__main__":
    sys.exit(main())
