#!/usr/bin/env python3
"""Render and install the turnstile gateway configuration.

Each entrance lane's turnstile controller reads /etc/turnstile/gateway.conf
for the validation API address, lane ids and the offline grace period.
This tool renders that file from the site inventory JSON and installs it
with the ownership the turnstile daemon expects.
"""

import argparse
import grp
import json
import logging
import os
import pwd
import shutil
import sys
import time

LOG = logging.getLogger("deploy_turnstile")

CONF_DIR = "/etc/turnstile"
CONF_PATH = os.path.join(CONF_DIR, "gateway.conf")
SERVICE_USER = "turnstile"
SERVICE_GROUP = "turnstile"


class GatewayConfig:
    def __init__(self, inventory):
        self.site = inventory["site"]
        self.api = inventory.get("validation_api", "https://validate.example.com")
        self.lanes = inventory.get("lanes", [])
        self.grace = int(inventory.get("offline_grace_seconds", 120))

    def validate(self):
        if not self.lanes:
            raise ValueError("inventory has no lanes")
        ids = [lane["id"] for lane in self.lanes]
        if len(ids) != len(set(ids)):
            raise ValueError("duplicate lane ids in inventory")
        if not self.api.startswith("https://"):
            raise ValueError("validation_api must use https")

    def render(self):
        out = [
            f"# generated {time.strftime('%Y-%m-%d %H:%M:%S')} for {self.site}",
            "[gateway]",
            f"validation_api = {self.api}",
            f"offline_grace_seconds = {self.grace}",
            "",
        ]
        for lane in self.lanes:
            out.append(f"[lane.{lane['id']}]")
            out.append(f"reader = {lane.get('reader', 'qr')}")
            out.append(f"direction = {lane.get('direction', 'in')}")
            out.append("")
        return "\n".join(out)


def install(text, dry_run):
    if dry_run:
        print(text)
        return
    os.makedirs(CONF_DIR, mode=0o755, exist_ok=True)
    if os.path.exists(CONF_PATH):
        backup = CONF_PATH + time.strftime(".%Y%m%d%H%M%S.bak")
        shutil.copy2(CONF_PATH, backup)
        LOG.info("backed up existing config to %s", backup)
    tmp_path = CONF_PATH + ".new"
    with open(tmp_path, "w", encoding="utf-8") as fh:
        fh.write(text)
    uid = pwd.getpwnam(SERVICE_USER).pw_uid
    gid = grp.getgrnam(SERVICE_GROUP).gr_gid
    os.chown(tmp_path, uid, gid)
    os.chmod(tmp_path, 0o640)
    os.replace(tmp_path, CONF_PATH)
    LOG.info("installed %s", CONF_PATH)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("inventory", help="site inventory JSON")
    parser.add_argument("--dry-run", action="store_true",
                        help="print the rendered config instead of installing")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        with open(args.inventory, encoding="utf-8") as fh:
            inventory = json.load(fh)
        config = GatewayConfig(inventory)
        config.validate()
    except (OSError, ValueError, KeyError) as exc:
        LOG.error("bad inventory: %s", exc)
        return 1

    if not args.dry_run and os.geteuid() != 0:
        LOG.error("installing into %s needs root", CONF_DIR)
        return 1

    try:
        install(config.render(), args.dry_run)
    except (OSError, KeyError) as exc:
        LOG.error("install failed: %s", exc)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
