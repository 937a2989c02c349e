#!/usr/bin/env python3
"""Install a freshly issued host keytab and bounce the services that use it.

The directory team delivers host keytabs as <fqdn>.keytab.  This tool checks
that the file really is a keytab for this host, merges it into the system
keytab (/etc/krb5.keytab) with root-only permissions, and restarts SSSD and
sshd so they pick up the new key version.
"""
import argparse
import logging
import os
import shutil
import socket
import struct
import subprocess
import sys
import time
from pathlib import Path

SYSTEM_KEYTAB = Path("/etc/krb5.keytab")
BACKUP_DIR = Path("/var/backups/keytab")
SERVICES = ("sssd", "sshd")

logger = logging.getLogger("keytab-install")


def principals_in(path: Path) -> set:
    """Return the set of principal names in a v0x0502 keytab."""
    blob = path.read_bytes()
    if blob[:2] != b"\x05\x02":
        raise ValueError(f"{path} is not a keytab")
    found, pos = set(), 2
    while pos + 4 <= len(blob):
        (size,) = struct.unpack_from(">i", blob, pos)
        pos += 4
        if size <= 0:
            pos += -size
            if size == 0:
                break
            continue
        rec, off = blob[pos:pos + size], 0
        (ncomp,) = struct.unpack_from(">H", rec, off)
        off += 2
        (rlen,) = struct.unpack_from(">H", rec, off)
        realm = rec[off + 2:off + 2 + rlen].decode()
        off += 2 + rlen
        parts = []
        for _ in range(ncomp):
            (clen,) = struct.unpack_from(">H", rec, off)
            parts.append(rec[off + 2:off + 2 + clen].decode())
            off += 2 + clen
        found.add("/".join(parts) + "@" + realm)
        pos += size
    return found


def backup_current() -> Path:
    BACKUP_DIR.mkdir(parents=True, exist_ok=True)
    os.chmod(BACKUP_DIR, 0o700)
    dest = BACKUP_DIR / f"krb5.keytab.{time.strftime('%Y%m%d%H%M%S')}"
    if SYSTEM_KEYTAB.exists():
        shutil.copy2(SYSTEM_KEYTAB, dest)
        logger.info("backed up current keytab to %s", dest)
    return dest


def merge_into_system(new_keytab: Path) -> None:
    """Use ktutil to append every entry of new_keytab to /etc/krb5.keytab."""
    script = f"rkt {new_keytab}\nwkt {SYSTEM_KEYTAB}\nquit\n"
    res = subprocess.run(["ktutil"], input=script, text=True, capture_output=True)
    if res.returncode != 0:
        raise RuntimeError(f"ktutil failed: {res.stderr.strip()}")
    os.chown(SYSTEM_KEYTAB, 0, 0)
    os.chmod(SYSTEM_KEYTAB, 0o600)


def restart_services(names) -> list:
    failed = []
    for unit in names:
        rc = subprocess.call(["systemctl", "restart", f"{unit}.service"])
        logger.info("restart %s -> rc=%d", unit, rc)
        if rc != 0:
            failed.append(unit)
    return failed


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("keytab", type=Path, help="delivered keytab, e.g. ./web01.corp.example.com.keytab")
    ap.add_argument("--host", default=socket.getfqdn())
    ap.add_argument("--no-restart", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if os.geteuid() != 0:
        logger.error("run as root")
        return 2
    try:
        names = principals_in(args.keytab)
    except (OSError, ValueError, struct.error) as exc:
        logger.error("cannot read %s: %s", args.keytab, exc)
        return 1

    foreign = {p for p in names if f"/{args.host}@" not in p and not p.upper().startswith(args.host.split(".")[0].upper() + "$@")}
    if foreign:
        logger.error("keytab contains principals for other hosts: %s", ", ".join(sorted(foreign)))
        return 1

    backup_current()
    try:
        merge_into_system(args.keytab)
    except RuntimeError as exc:
        logger.error("%s", exc)
        return 1
    logger.info("merged %d principal(s) into %s", len(names), SYSTEM_KEYTAB)

    if not args.no_restart:
        failed = restart_services(SERVICES)
        if failed:
            logger.error("services failed to restart: %s", ", ".join(failed))
            return 3
    return 0


if __name__ == "__main__":
    sys.exit(main())
