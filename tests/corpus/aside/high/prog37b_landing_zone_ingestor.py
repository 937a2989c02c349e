#!/usr/bin/env python3
"""Landing-zone ingestor for partner file drops.

Launched by the host's process supervisor as root so it can open the
shared landing directory; before touching any partner file it permanently
drops to the unprivileged `etl` account (groups, gid, uid) using the libc
calls directly, then validates CSVs and moves them into ./staging.
"""
import argparse
import csv
import ctypes
import ctypes.util
import grp
import hashlib
import logging
import os
import pwd
import shutil
import sys
import time
from pathlib import Path

log = logging.getLogger("landing_ingestor")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]
_libc.setresgid.argtypes = [ctypes.c_uint, ctypes.c_uint, ctypes.c_uint]
_libc.setresuid.argtypes = [ctypes.c_uint, ctypes.c_uint, ctypes.c_uint]


def _check(rc: int, what: str) -> None:
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what} failed: {os.strerror(err)}")


def drop_privileges(user: str, extra_groups: list) -> None:
    pw = pwd.getpwnam(user)
    gids = [pw.pw_gid] + [grp.getgrnam(g).gr_gid for g in extra_groups]
    arr = (ctypes.c_uint * len(gids))(*gids)
    _check(_libc.setgroups(len(gids), arr), "setgroups")
    _check(_libc.setresgid(pw.pw_gid, pw.pw_gid, pw.pw_gid), "setresgid")
    _check(_libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
    os.environ["HOME"] = pw.pw_dir
    os.umask(0o027)
    log.info("now running as %s (uid=%d gid=%d)", user, os.getuid(), os.getgid())


def validate_csv(path: Path, required: set) -> tuple:
    with path.open(newline="", encoding="utf-8-sig") as fh:
        reader = csv.DictReader(fh)
        header = set(reader.fieldnames or [])
        missing = required - header
        if missing:
            return False, f"missing columns {sorted(missing)}"
        rows = 0
        for row in reader:
            if not row.get("record_id"):
                return False, f"empty record_id at data row {rows + 1}"
            rows += 1
    return True, f"{rows} rows"


def file_digest(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()


def stable(path: Path, settle: float) -> bool:
    size = path.stat().st_size
    time.sleep(settle)
    return path.exists() and path.stat().st_size == size


def process_once(landing: Path, staging: Path, rejected: Path, required: set, settle: float) -> int:
    moved = 0
    for partner_dir in sorted(p for p in landing.iterdir() if p.is_dir()):
        for f in sorted(partner_dir.glob("*.csv")):
            if not stable(f, settle):
                continue
            ok, detail = validate_csv(f, required)
            digest = file_digest(f)[:12]
            dest_root = staging if ok else rejected
            dest = dest_root / partner_dir.name / f"{f.stem}.{digest}.csv"
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(f, dest)
            log.info("%s %s/%s: %s", "accepted" if ok else "rejected", partner_dir.name, f.name, detail)
            moved += 1
    return moved


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--landing", type=Path, default=Path("/srv/partner-landing"))
    ap.add_argument("--staging", type=Path, default=Path("staging"))
    ap.add_argument("--rejected", type=Path, default=Path("rejected"))
    ap.add_argument("--user", default="etl")
    ap.add_argument("--groups", default="partners")
    ap.add_argument("--required", default="record_id,partner_id,event_ts,amount")
    ap.add_argument("--settle", type=float, default=2.0)
    ap.add_argument("--poll", type=int, default=0, help="poll interval in seconds; 0 = run once")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if os.geteuid() == 0:
        drop_privileges(args.user, [g for g in args.groups.split(",") if g])
    else:
        log.warning("not started as root; continuing as uid %d", os.getuid())

    required = {c.strip() for c in args.required.split(",") if c.strip()}
    while True:
        try:
            n = process_once(args.landing, args.staging, args.rejected, required, args.settle)
            log.info("processed %d file(s)", n)
        except OSError as exc:
            log.error("ingest pass failed: %s", exc)
        if not args.poll:
            return 0
        time.sleep(args.poll)


if __name__ == "__main__":
    sys.exit(main())
