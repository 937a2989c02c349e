#!/usr/bin/env python3
"""Pin the applicant-portal staging hostnames in /etc/hosts.

During the application-season freeze the staging stack lives on fixed
addresses that are not in public DNS yet. This tool maintains a marked
block in /etc/hosts so developers' browsers and the test runner reach it.
"""

import argparse
import ipaddress
import logging
import os
import subprocess
import sys
import tempfile

LOG = logging.getLogger("hosts-pin")

HOSTS_FILE = "/etc/hosts"
BEGIN = "# BEGIN applicant-portal-staging"
END = "# END applicant-portal-staging"

DEFAULT_PINS = {
    "apply-staging.example.org": "192.0.2.10",
    "docs-staging.example.org": "192.0.2.11",
    "review-staging.example.org": "192.0.2.12",
}

# strip any previous block and append the new one, in place
APPLY_SCRIPT = r"""
set -e
cp -p "$HOSTS" "$HOSTS.portal-bak"
awk -v b="$BEGIN_MARK" -v e="$END_MARK" '
    $0 == b { skip = 1; next }
    $0 == e { skip = 0; next }
    !skip { print }
' "$HOSTS" > "$HOSTS.portal-new"
cat "$BLOCK_FILE" >> "$HOSTS.portal-new"
cat "$HOSTS.portal-new" > "$HOSTS"
rm -f "$HOSTS.portal-new"
chmod 644 "$HOSTS"
"""


class PinSet:
    def __init__(self):
        self.pins = {}

    def add(self, name, address):
        ipaddress.ip_address(address)  # raises ValueError on garbage
        if not name.endswith((".example.org", ".example.com", ".example.net")):
            raise ValueError(f"refusing to pin non-portal name {name}")
        self.pins[name] = address

    def block(self):
        lines = [BEGIN]
        for name, address in sorted(self.pins.items()):
            lines.append(f"{address}\t{name}")
        lines.append(END)
        return "\n".join(lines) + "\n"


def parse_pin(text):
    if "=" not in text:
        raise argparse.ArgumentTypeError("expected NAME=ADDRESS")
    name, address = text.split("=", 1)
    return name.strip(), address.strip()


def apply_block(block, hosts_file):
    fd, block_path = tempfile.mkstemp(prefix="hosts-block-")
    with os.fdopen(fd, "w") as handle:
        handle.write(block)
    env = dict(os.environ, HOSTS=hosts_file, BLOCK_FILE=block_path,
               BEGIN_MARK=BEGIN, END_MARK=END)
    try:
        subprocess.run(["bash", "-c", APPLY_SCRIPT], env=env, check=True)
    finally:
        os.unlink(block_path)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pin", action="append", type=parse_pin, default=[],
                        help="extra NAME=ADDRESS pins")
    parser.add_argument("--hosts-file", default=HOSTS_FILE)
    parser.add_argument("--show", action="store_true")
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    pins = PinSet()
    try:
        for name, address in list(DEFAULT_PINS.items()) + args.pin:
            pins.add(name, address)
    except ValueError as exc:
        LOG.error("bad pin: %s", exc)
        return 2

    block = pins.block()
    if args.show:
        sys.stdout.write(block)
        return 0

    try:
        apply_block(block, args.hosts_file)
    except subprocess.CalledProcessError as exc:
        LOG.error("updating %s failed (exit %d); are you root?",
                  args.hosts_file, exc.returncode)
        return 1

    LOG.info("pinned %d staging hostnames in %s", len(pins.pins), args.hosts_file)
    return 0


if __name__ == "__main__":
    sys.exit(main())
