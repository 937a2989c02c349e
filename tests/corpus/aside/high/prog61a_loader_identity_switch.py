"""Bulk file loader started by the host's job runner as root: it opens the
shared spool directory, then switches to the unprivileged 'etl' identity
before parsing any partner data."""
import argparse
import ctypes
import ctypes.util
import grp
import json
import logging
import os
import pwd
from pathlib import Path

log = logging.getLogger("spool_loader")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]
_libc.setresgid.argtypes = [ctypes.c_uint] * 3
_libc.setresuid.argtypes = [ctypes.c_uint] * 3


def _check(rc: int, what: str) -> None:
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def become(user: str, extra_groups=("etl-readers",)) -> None:
    pw = pwd.getpwnam(user)
    gids = [pw.pw_gid] + [grp.getgrnam(g).gr_gid for g in extra_groups]
    arr = (ctypes.c_uint * len(gids))(*gids)
    _check(_libc.setgroups(len(gids), arr), "setgroups")
    _check(_libc.setresgid(pw.pw_gid, pw.pw_gid, pw.pw_gid), "setresgid")
    _check(_libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
    os.environ.update(HOME=pw.pw_dir, USER=user, LOGNAME=user)
    log.info("now running as uid=%d gid=%d", os.getuid(), os.getgid())


def parse_record(line: str) -> dict:
    rec = json.loads(line)
    for key in ("event_id", "ts", "payload"):
        if key not in rec:
            raise ValueError(f"missing {key}")
    return rec


def load_spool(handles, out_dir: Path) -> int:
    out_dir.mkdir(parents=True, exist_ok=True)
    loaded = 0
    for name, fh in handles:
        good, bad = [], 0
        for line in fh:
            try:
                good.append(parse_record(line))
            except ValueError:
                bad += 1
        (out_dir / f"{name}.jsonl").write_text("".join(json.dumps(r) + "\n" for r in good))
        log.info("%s: %d ok, %d rejected", name, len(good), bad)
        loaded += len(good)
        fh.close()
    return loaded


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--spool", type=Path, default=Path("/var/spool/partner-drops"))
    ap.add_argument("--user", default="etl")
    ap.add_argument("--out", type=Path, default=Path("parsed"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    handles = [(p.stem, p.open()) for p in sorted(args.spool.glob("*.jsonl"))]
    log.info("opened %d spool files", len(handles))
    if os.geteuid() == 0:
        become(args.user)
    else:
        log.warning("not root; keeping uid %d", os.getuid())
    total = load_spool(handles, args.out)
    log.info("loaded %d records", total)


if __name__ == "__main__":
    main()
