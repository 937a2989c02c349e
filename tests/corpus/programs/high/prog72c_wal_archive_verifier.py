#!/usr/bin/env python3
"""wal_archive_verifier - check a PostgreSQL WAL archive for gaps and damaged segments.

Started by root from a timer; the actual work runs as the archive owner
(default "postgres") so that files it touches keep the right ownership and a
bug here cannot damage anything the postgres account could not.

For every timeline the verifier walks the segment names in order, reports
missing segments, zero-length or short files and recomputes a checksum list
(wal_checksums.sha256 in the archive directory) that is compared on the
next run to catch silent corruption.
"""
import argparse
import ctypes
import ctypes.util
import hashlib
import logging
import os
import pwd
import re
import sys
from pathlib import Path

log = logging.getLogger("wal_verify")

SEG_RE = re.compile(r"^([0-9A-F]{8})([0-9A-F]{8})([0-9A-F]{8})(\.gz|\.zst|\.lz4)?$")
SEG_SIZE = 16 << 20
SUMS = "wal_checksums.sha256"

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def become(user):
    """Switch real, effective and saved ids to `user` and drop supplementary groups."""
    pw = pwd.getpwnam(user)
    if os.geteuid() == pw.pw_uid:
        return
    _check(_libc.setgroups(ctypes.c_size_t(0), None), "setgroups")
    _check(_libc.setresgid(pw.pw_gid, pw.pw_gid, pw.pw_gid), "setresgid")
    _check(_libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
    os.environ.update(HOME=pw.pw_dir, USER=user, LOGNAME=user)
    log.debug("now running as %s (%d:%d)", user, pw.pw_uid, pw.pw_gid)


def segments(archive):
    by_tli = {}
    for p in archive.iterdir():
        m = SEG_RE.match(p.name)
        if not m:
            continue
        tli, log_id, seg = (int(x, 16) for x in m.group(1, 2, 3))
        by_tli.setdefault(tli, []).append((log_id * 0x100 + seg, p))
    for tli in by_tli:
        by_tli[tli].sort()
    return by_tli


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def load_sums(archive):
    out = {}
    f = archive / SUMS
    if f.exists():
        for line in f.read_text().splitlines():
            digest, _, name = line.partition("  ")
            out[name] = digest
    return out


def verify(archive, full):
    problems = 0
    old = load_sums(archive)
    new = {}
    for tli, segs in sorted(segments(archive).items()):
        log.info("timeline %d: %d segments", tli, len(segs))
        prev = None
        for num, path in segs:
            if prev is not None and num != prev + 1:
                log.error("timeline %d: gap of %d segment(s) before %s", tli, num - prev - 1, path.name)
                problems += 1
            prev = num
            size = path.stat().st_size
            if size == 0 or (path.suffix == "" and size != SEG_SIZE):
                log.error("%s: unexpected size %d", path.name, size)
                problems += 1
            if full or path.name not in old:
                digest = sha256(path)
                if path.name in old and old[path.name] != digest:
                    log.error("%s: checksum changed since last run", path.name)
                    problems += 1
                new[path.name] = digest
            else:
                new[path.name] = old[path.name]
    tmp = archive / (SUMS + ".new")
    tmp.write_text("".join(f"{d}  {n}\n" for n, d in sorted(new.items())))
    tmp.replace(archive / SUMS)
    return problems


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("archive", type=Path)
    ap.add_argument("--user", default="postgres")
    ap.add_argument("--full", action="store_true", help="re-hash every segment")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        become(args.user)
    except (KeyError, OSError) as exc:
        log.error("cannot switch to %s: %s", args.user, exc)
        return 2
    if not args.archive.is_dir():
        log.error("%s is not a directory", args.archive)
        return 2
    problems = verify(args.archive, args.full)
    log.info("%d problem(s) found", problems)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
