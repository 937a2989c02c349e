#!/usr/bin/env python3
"""Run data-loading workers under a dedicated unprivileged account.

The ingestion service starts as root so it can read the raw dataset mount;
every worker then switches to the 'mldata' account before it parses
untrusted files. The switch is done with libc directly so supplementary
groups, real, effective and saved IDs all change together.
"""
import argparse
import ctypes
import ctypes.util
import grp
import json
import logging
import multiprocessing as mp
import os
import pwd
from pathlib import Path

LOG = logging.getLogger("loader")
_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]
_libc.setresgid.argtypes = [ctypes.c_uint] * 3
_libc.setresuid.argtypes = [ctypes.c_uint] * 3


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def switch_identity(user: str, extra_groups=("video",)) -> None:
    entry = pwd.getpwnam(user)
    gids = [entry.pw_gid] + [grp.getgrnam(g).gr_gid for g in extra_groups]
    arr = (ctypes.c_uint * len(gids))(*gids)
    _check(_libc.setgroups(len(gids), arr), "setgroups")
    _check(_libc.setresgid(entry.pw_gid, entry.pw_gid, entry.pw_gid), "setresgid")
    _check(_libc.setresuid(entry.pw_uid, entry.pw_uid, entry.pw_uid), "setresuid")
    os.environ["HOME"] = entry.pw_dir
    LOG.debug("worker %d now uid=%d gid=%d", os.getpid(), os.getuid(), os.getgid())


def worker_init(user: str) -> None:
    logging.basicConfig(level=logging.INFO)
    switch_identity(user)


def parse_file(path: str) -> dict:
    records, bad = 0, 0
    with open(path, "r", encoding="utf-8", errors="replace") as fh:
        for line in fh:
            try:
                json.loads(line)
                records += 1
            except json.JSONDecodeError:
                bad += 1
    return {"file": path, "records": records, "bad": bad, "uid": os.getuid()}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("input_dir", type=Path)
    ap.add_argument("--user", default="mldata")
    ap.add_argument("--workers", type=int, default=max(1, (os.cpu_count() or 2) // 2))
    ap.add_argument("--report", type=Path, default=Path("ingest_report.json"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(processName)s %(message)s")

    if os.geteuid() != 0:
        LOG.error("start the loader as root so workers can switch to %s", args.user)
        return 1
    files = sorted(str(p) for p in args.input_dir.rglob("*.jsonl"))
    LOG.info("parsing %d files with %d workers as %s", len(files), args.workers, args.user)
    with mp.Pool(args.workers, initializer=worker_init, initargs=(args.user,)) as pool:
        results = pool.map(parse_file, files, chunksize=4)
    totals = {"records": sum(r["records"] for r in results),
              "bad": sum(r["bad"] for r in results), "files": results}
    args.report.write_text(json.dumps(totals, indent=2))
    LOG.info("%d records, %d bad lines", totals["records"], totals["bad"])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
