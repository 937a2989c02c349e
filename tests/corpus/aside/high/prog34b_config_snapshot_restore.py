#!/usr/bin/env python3
"""Restore service configuration from a config snapshot archive into /etc.

Config snapshots are tarballs created by our config-snapshot job with paths
relative to /etc (e.g. nginx/nginx.conf, ssh/sshd_config.d/10-hardening.conf).
This tool extracts a snapshot into a staging folder, shows a diff summary,
and then installs the selected files back into /etc with the owner and mode
recorded in the archive.  Existing files are kept as <name>.pre-restore.
"""
import argparse
import filecmp
import grp
import logging
import os
import pwd
import shutil
import sys
import tarfile
import tempfile
from pathlib import Path

log = logging.getLogger("cfg-restore")

ETC_ROOT = Path("/etc")
ALLOWED_TOP = {"nginx", "ssh", "postfix", "logrotate.d", "chrony", "sysctl.d"}


def lookup_ids(member: tarfile.TarInfo):
    try:
        uid = pwd.getpwnam(member.uname).pw_uid if member.uname else member.uid
    except KeyError:
        uid = 0
    try:
        gid = grp.getgrnam(member.gname).gr_gid if member.gname else member.gid
    except KeyError:
        gid = 0
    return uid, gid


def stage(archive: Path, staging: Path, only):
    wanted = []
    with tarfile.open(archive, "r:*") as tar:
        for m in tar.getmembers():
            top = m.name.split("/", 1)[0]
            if top not in ALLOWED_TOP:
                log.debug("ignoring %s (outside allowed trees)", m.name)
                continue
            if only and not any(m.name.startswith(prefix) for prefix in only):
                continue
            if m.isfile():
                wanted.append(m)
        tar.extractall(staging, members=wanted, filter="data")
    return wanted


def plan(staging: Path, members):
    changes = []
    for m in members:
        staged = staging / m.name
        live = ETC_ROOT / m.name
        if not live.exists():
            changes.append(("new", m, staged, live))
        elif not filecmp.cmp(staged, live, shallow=False):
            changes.append(("changed", m, staged, live))
    return changes


def install(changes, keep_backup=True):
    for kind, member, staged, live in changes:
        live.parent.mkdir(parents=True, exist_ok=True)
        if kind == "changed" and keep_backup:
            shutil.copy2(live, live.with_name(live.name + ".pre-restore"))
        shutil.copyfile(staged, live)
        uid, gid = lookup_ids(member)
        os.chown(live, uid, gid)
        os.chmod(live, member.mode & 0o7777)
        log.info("%-7s %s (uid=%d gid=%d mode=%o)", kind, live, uid, gid, member.mode & 0o7777)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("archive", type=Path)
    ap.add_argument("--only", action="append", default=[],
                    help="restore only paths starting with this prefix (repeatable)")
    ap.add_argument("--apply", action="store_true", help="actually write into /etc")
    ap.add_argument("--no-backup", action="store_true", help="do not keep .pre-restore copies")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.apply and os.geteuid() != 0:
        log.error("--apply must be run as root")
        return 2

    staging = Path(tempfile.mkdtemp(prefix="cfg-restore-"))
    try:
        members = stage(args.archive, staging, args.only)
        changes = plan(staging, members)
        if not changes:
            log.info("live configuration already matches %s", args.archive.name)
            return 0
        for kind, m, _, live in changes:
            print(f"{kind:8s} {live}")
        if not args.apply:
            log.info("%d file(s) would change; re-run with --apply", len(changes))
            return 0
        install(changes, keep_backup=not args.no_backup)
        log.info("restored %d file(s) into %s", len(changes), ETC_ROOT)
    except (tarfile.TarError, OSError) as exc:
        log.error("restore failed: %s", exc)
        return 1
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
