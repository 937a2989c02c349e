#!/usr/bin/env python3
"""Render the meter collector's system configuration from the inventory.

Takes the gateway inventory (JSON) maintained by the operations team and
writes /etc/meterd/collector.conf, owned by root and readable by the meterd
group.  The write itself is done by a generated shell step so operators can
keep the rendered script for review.  Must run as root.
"""
import argparse
import ipaddress
import json
import logging
import os
import subprocess
import sys
import tempfile

LOG = logging.getLogger("render-config")
TARGET_DIR = "/etc/meterd"
TARGET = os.path.join(TARGET_DIR, "collector.conf")


class Inventory:
    def __init__(self, path):
        with open(path) as fh:
            data = json.load(fh)
        self.site = data.get("site", "coop-main")
        self.poll_seconds = int(data.get("poll_seconds", 900))
        self.gateways = []
        for gw in data.get("gateways", []):
            try:
                ipaddress.ip_address(gw["address"])
            except (KeyError, ValueError):
                LOG.warning("skipping gateway with bad address: %r", gw)
                continue
            self.gateways.append(gw)

    def render(self):
        out = [
            f"# generated for site {self.site} - do not edit by hand",
            "[collector]",
            f"site = {self.site}",
            f"poll_seconds = {self.poll_seconds}",
            "",
        ]
        for gw in self.gateways:
            out += [
                f"[gateway:{gw['id']}]",
                f"address = {gw['address']}",
                f"port = {int(gw.get('port', 4059))}",
                f"meters = {len(gw.get('meters', []))}",
                "",
            ]
        return "\n".join(out)


def build_install_script(content):
    return f"""#!/bin/bash
set -euo pipefail
install -d -m 0755 {TARGET_DIR}
if [ -f {TARGET} ]; then cp -p {TARGET} {TARGET}.bak; fi
cat > {TARGET}.new <<'CONF'
{content}
CONF
chown root:meterd {TARGET}.new
chmod 0640 {TARGET}.new
mv {TARGET}.new {TARGET}
"""


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("inventory", help="gateway inventory JSON")
    ap.add_argument("--keep-script", action="store_true",
                    help="leave the generated install script in the working directory")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if os.geteuid() != 0:
        LOG.error("must run as root to write %s", TARGET)
        return 1
    try:
        inv = Inventory(args.inventory)
    except (OSError, ValueError) as exc:
        LOG.error("cannot load inventory: %s", exc)
        return 2
    if not inv.gateways:
        LOG.error("inventory has no usable gateways")
        return 2

    script = build_install_script(inv.render())
    if args.keep_script:
        path = os.path.abspath("install-collector-conf.sh")
        with open(path, "w") as fh:
            fh.write(script)
    else:
        fd, path = tempfile.mkstemp(suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(script)

    try:
        result = subprocess.run(["bash", path], capture_output=True, text=True)
    finally:
        if not args.keep_script:
            os.unlink(path)
    if result.returncode != 0:
        LOG.error("install step failed: %s", result.stderr.strip())
        return 1
    LOG.info("wrote %s with %d gateways", TARGET, len(inv.gateways))
    return 0


if __name__ == "__main__":
    sys.exit(main())
