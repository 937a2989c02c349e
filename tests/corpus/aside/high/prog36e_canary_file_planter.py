#!/usr/bin/env python3
"""Plant decoy credential files on a lab server.

Creates believable-looking but fake credential files in system locations an
intruder would browse (config directories, shared docs). Each file embeds a
unique marker so the SIEM can alert when it is read or exfiltrated. The files
are owned by root and world-readable, like the real thing would be on a
sloppy host. A local ledger (./planted.json) records what went where.
"""
import argparse
import grp
import hashlib
import json
import logging
import os
import pwd
import secrets
import string
import sys
from pathlib import Path

logger = logging.getLogger("canary-planter")

LEDGER = Path("planted.json")

PLANT_TABLE = [
    # (path, template name, owner, group, mode)
    ("/etc/opt/billing/db.conf", "dbconf", "root", "root", 0o644),
    ("/etc/backup/s3-sync.env", "awsenv", "root", "adm", 0o640),
    ("/usr/local/share/ops/vpn-admin.txt", "vpnnote", "root", "root", 0o644),
    ("/usr/local/etc/jenkins/credentials.xml", "jenkins", "root", "root", 0o644),
]


def fake_secret(n=24):
    alphabet = string.ascii_letters + string.digits
    return "".join(secrets.choice(alphabet) for _ in range(n))


def render(template: str, marker: str) -> str:
    if template == "dbconf":
        return (f"[billing]\nhost = db-billing-01.corp.lab\nuser = billing_rw\n"
                f"password = {fake_secret()}\n# ref {marker}\n")
    if template == "awsenv":
        return (f"AWS_ACCESS_KEY_ID=AKIA{secrets.token_hex(8).upper()}\n"
                f"AWS_SECRET_ACCESS_KEY={fake_secret(40)}\nBUCKET=corp-backups-{marker[:6]}\n")
    if template == "vpnnote":
        return (f"VPN admin portal: https://vpn-admin.corp.lab/\nuser: netadmin\n"
                f"pass: {fake_secret(14)}\n(ticket {marker})\n")
    if template == "jenkins":
        return ("<?xml version='1.1' encoding='UTF-8'?>\n<credentials>\n"
                f"  <username>deploy</username>\n  <password>{fake_secret()}</password>\n"
                f"  <description>{marker}</description>\n</credentials>\n")
    raise KeyError(template)


def plant(path: Path, body: str, owner: str, group: str, mode: int, force: bool) -> dict:
    if path.exists() and not force:
        raise FileExistsError(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(body)
    uid = pwd.getpwnam(owner).pw_uid
    gid = grp.getgrnam(group).gr_gid
    os.chown(path, uid, gid)
    os.chmod(path, mode)
    return {"path": str(path), "sha256": hashlib.sha256(body.encode()).hexdigest()}


def load_ledger():
    return json.loads(LEDGER.read_text()) if LEDGER.exists() else []


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--only", nargs="*", help="subset of paths to plant")
    ap.add_argument("--force", action="store_true", help="overwrite existing decoys")
    ap.add_argument("--list", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    ledger = load_ledger()
    if args.list:
        for e in ledger:
            print(f"{e['marker']}  {e['path']}")
        return 0

    if os.geteuid() != 0:
        logger.error("must run as root to plant into system directories")
        return 1

    for path, tmpl, owner, group, mode in PLANT_TABLE:
        if args.only and path not in args.only:
            continue
        marker = "CNRY-" + secrets.token_hex(5)
        try:
            info = plant(Path(path), render(tmpl, marker), owner, group, mode, args.force)
        except FileExistsError:
            logger.warning("skip %s: exists (use --force)", path)
            continue
        except (KeyError, OSError) as exc:
            logger.error("failed %s: %s", path, exc)
            continue
        info["marker"] = marker
        ledger.append(info)
        logger.info("planted %s (%s)", path, marker)

    LEDGER.write_text(json.dumps(ledger, indent=2))
    os.chmod(LEDGER, 0o600)
    return 0


if __name__ == "__main__":
    sys.exit(main())
