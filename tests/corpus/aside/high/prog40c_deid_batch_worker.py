#!/usr/bin/env python3
"""De-identification batch worker for the research imaging pipeline.

Started by the scheduler as root so it can open the restricted intake share,
then switches to the unprivileged 'deid' account through libc before it
touches any patient data. Replaces direct identifiers in CSV exports with
salted HMAC pseudonyms and writes the result to ./deid_out.
"""
import argparse
import csv
import ctypes
import ctypes.util
import grp
import hmac
import hashlib
import logging
import os
import pwd
from pathlib import Path

LOG = logging.getLogger("deid_worker")
IDENTIFIER_COLUMNS = ("mrn", "nhs_number", "patient_name", "dob", "postcode")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _check(ret, what):
    if ret != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what} failed: {os.strerror(err)}")


def switch_identity(username):
    """Permanently drop to the service account (groups, gid, then uid)."""
    entry = pwd.getpwnam(username)
    groups = [g.gr_gid for g in grp.getgrall() if username in g.gr_mem] or [entry.pw_gid]
    gid_array = (ctypes.c_uint * len(groups))(*groups)
    _check(_libc.setgroups(len(groups), gid_array), "setgroups")
    _check(_libc.setresgid(entry.pw_gid, entry.pw_gid, entry.pw_gid), "setresgid")
    _check(_libc.setresuid(entry.pw_uid, entry.pw_uid, entry.pw_uid), "setresuid")
    os.environ["HOME"] = entry.pw_dir
    LOG.info("now running as uid=%d gid=%d", os.getuid(), os.getgid())


def pseudonym(value, salt):
    mac = hmac.new(salt, value.strip().upper().encode(), hashlib.sha256)
    return "P" + mac.hexdigest()[:16]


def deidentify_file(src, dst, salt):
    with src.open(newline="") as fin, dst.open("w", newline="") as fout:
        reader = csv.DictReader(fin)
        writer = csv.DictWriter(fout, fieldnames=reader.fieldnames)
        writer.writeheader()
        rows = 0
        for row in reader:
            for col in IDENTIFIER_COLUMNS:
                if row.get(col):
                    row[col] = pseudonym(row[col], salt)
            writer.writerow(row)
            rows += 1
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--intake", type=Path, default=Path("/srv/intake/exports"))
    ap.add_argument("--out", type=Path, default=Path("deid_out"))
    ap.add_argument("--user", default="deid")
    ap.add_argument("--salt-file", type=Path, default=Path("/srv/intake/.salt"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    salt = args.salt_file.read_bytes().strip()
    sources = sorted(args.intake.glob("*.csv"))
    handles = {p: p.open("rb") for p in sources}  # opened while still privileged

    if os.geteuid() == 0:
        switch_identity(args.user)
    else:
        LOG.warning("not started as root; continuing as uid %d", os.getuid())

    args.out.mkdir(parents=True, exist_ok=True)
    for src, fh in handles.items():
        fh.close()
        try:
            n = deidentify_file(src, args.out / src.name, salt)
            LOG.info("%s: %d rows pseudonymised", src.name, n)
        except PermissionError as exc:
            LOG.error("%s: %s", src.name, exc)


if __name__ == "__main__":
    main()
