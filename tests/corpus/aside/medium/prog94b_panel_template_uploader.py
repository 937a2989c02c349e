#!/usr/bin/env python3
"""Push alarm panel configuration templates to IP communicators.

Office staff keep one YAML template per customer (zones, areas, user slots,
ARC account, reporting paths). This renders the template into the
communicator's import format (.cfg, key=value) and uploads it to the
module's file area, where the panel picks it up on the next engineer-mode
reload.

    ./panel_template_uploader.py templates/acme_bakery.yaml --site 10.8.1.20
"""
import argparse
import ftplib
import getpass
import io
import logging
import os
import sys
from datetime import datetime

import yaml

log = logging.getLogger("panel-upload")

ZONE_TYPES = {"entry": 1, "access": 2, "instant": 3, "24h": 4, "fire": 5, "pa": 6, "tamper": 7}


class TemplateError(Exception):
    pass


def read_template(path):
    with open(path, encoding="utf-8") as fh:
        doc = yaml.load(fh, Loader=yaml.Loader)
    if not isinstance(doc, dict) or "panel" not in doc:
        raise TemplateError(f"{path}: no 'panel' section")
    return doc


def render_cfg(doc):
    panel = doc["panel"]
    out = io.StringIO()
    out.write(f"; generated {datetime.now():%Y-%m-%d %H:%M} from template {doc.get('name', '?')}\n")
    out.write(f"PANEL.MODEL={panel.get('model', 'unknown')}\n")
    out.write(f"ARC.ACCOUNT={panel['arc_account']}\n")
    out.write(f"ARC.PRIMARY={panel.get('arc_primary', '')}\n")
    out.write(f"ARC.SECONDARY={panel.get('arc_secondary', '')}\n")
    for n, zone in enumerate(doc.get("zones", []), start=1):
        ztype = ZONE_TYPES.get(str(zone.get("type", "instant")).lower())
        if ztype is None:
            raise TemplateError(f"zone {n}: unknown type {zone.get('type')}")
        out.write(f"ZONE.{n:03d}.NAME={zone.get('name', f'Zone {n}')[:16]}\n")
        out.write(f"ZONE.{n:03d}.TYPE={ztype}\n")
        out.write(f"ZONE.{n:03d}.AREAS={''.join(zone.get('areas', ['A']))}\n")
        out.write(f"ZONE.{n:03d}.CHIME={1 if zone.get('chime') else 0}\n")
    for slot, user in enumerate(doc.get("users", []), start=1):
        out.write(f"USER.{slot:03d}.NAME={user['name'][:16]}\n")
        out.write(f"USER.{slot:03d}.LEVEL={user.get('level', 2)}\n")
    return out.getvalue()


def upload(host, user, password, name, text, retries=3):
    payload = io.BytesIO(text.encode("latin-1", errors="replace"))
    last = None
    for attempt in range(1, retries + 1):
        try:
            with ftplib.FTP(host, timeout=20) as ftp:
                ftp.login(user, password)
                try:
                    ftp.cwd("/import")
                except ftplib.error_perm:
                    ftp.mkd("/import")
                    ftp.cwd("/import")
                payload.seek(0)
                ftp.storbinary(f"STOR {name}", payload)
                return ftp.size(name)
        except (ftplib.all_errors) as exc:
            last = exc
            log.warning("upload attempt %d to %s failed: %s", attempt, host, exc)
    raise RuntimeError(f"could not upload to {host}: {last}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("template")
    ap.add_argument("--site", required=True, help="communicator IP address")
    ap.add_argument("--user", default=os.environ.get("COMM_USER", "installer"))
    ap.add_argument("--password", help="communicator password (prompted if omitted)")
    ap.add_argument("--dry-run", action="store_true", help="print the rendered cfg only")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        doc = read_template(args.template)
        cfg = render_cfg(doc)
    except (OSError, yaml.YAMLError, TemplateError, KeyError) as exc:
        log.error("template problem: %s", exc)
        return 2

    if args.dry_run:
        sys.stdout.write(cfg)
        return 0

    name = f"{doc.get('name', 'panel')}.cfg".replace(" ", "_")
    password = args.password or getpass.getpass(f"password for {args.user}@{args.site}: ")
    try:
        size = upload(args.site, args.user, password, name, cfg)
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1
    log.info("uploaded %s (%s bytes) to %s; reload the panel in engineer mode", name, size, args.site)
    return 0


if __name__ == "__main__":
    sys.exit(main())
