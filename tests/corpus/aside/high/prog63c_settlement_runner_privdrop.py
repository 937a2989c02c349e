#!/usr/bin/env python3
"""Nightly card settlement runner.

Started as root by the scheduler so it can read the HSM-protected key
directory, then permanently switches to the unprivileged 'settle' account
before touching any settlement files.
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import sys
from pathlib import Path

log = logging.getLogger("settlement")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _check(ret: int, what: str) -> None:
    if ret != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def switch_identity(username: str) -> None:
    entry = pwd.getpwnam(username)
    groups = [g.gr_gid for g in grp.getgrall() if username in g.gr_mem]
    groups.append(entry.pw_gid)
    arr = (ctypes.c_uint * len(groups))(*groups)
    _check(_libc.setgroups(len(groups), arr), "setgroups")
    gid, uid = entry.pw_gid, entry.pw_uid
    _check(_libc.setresgid(gid, gid, gid), "setresgid")
    _check(_libc.setresuid(uid, uid, uid), "setresuid")
    os.environ["HOME"] = entry.pw_dir
    os.environ["USER"] = username
    log.info("now running as %s (uid=%d gid=%d)", username, uid, gid)


def read_terminal_ids(key_dir: Path) -> list:
    ids = []
    for f in sorted(key_dir.glob("*.tid")):
        ids.append(f.stem)
    return ids


def settle(batch_dir: Path, terminals: list) -> int:
    total = 0
    for tid in terminals:
        batch = batch_dir / f"{tid}.batch"
        if not batch.exists():
            log.debug("no batch for terminal %s", tid)
            continue
        lines = [l for l in batch.read_text().splitlines() if l and not l.startswith("#")]
        amount = sum(int(l.split(";")[2]) for l in lines)
        (batch_dir / f"{tid}.settled").write_text(f"{len(lines)};{amount}\n")
        batch.rename(batch.with_suffix(".done"))
        total += amount
        log.info("terminal %s: %d transactions, %.2f EUR", tid, len(lines), amount / 100)
    return total


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--user", default="settle")
    ap.add_argument("--key-dir", type=Path, default=Path("/srv/hsm/terminals"))
    ap.add_argument("--batch-dir", type=Path, default=Path("/srv/settlement/batches"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if os.geteuid() != 0:
        log.error("runner must be started as root")
        return 1
    try:
        terminals = read_terminal_ids(args.key_dir)
        switch_identity(args.user)
    except (KeyError, OSError) as exc:
        log.error("startup failed: %s", exc)
        return 2
    if os.geteuid() == 0:
        log.error("still root after privilege switch, aborting")
        return 3
    total = settle(args.batch_dir, terminals)
    log.info("settled %.2f EUR across %d terminals", total / 100, len(terminals))
    return 0


if __name__ == "__main__":
    sys.exit(main())
