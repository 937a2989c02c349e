#!/usr/bin/env python3
"""Spool worker: started as root by the init script, drops to the service
account with libc calls, then converts queued reports to JSON.
"""
import argparse
import ctypes
import ctypes.util
import grp
import json
import logging
import os
import pwd
import queue
import threading
from functools import partial
from operator import attrgetter, methodcaller
from pathlib import Path

log = logging.getLogger("spool")
libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _check(name, rc):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{name} failed: {os.strerror(err)}")


def drop_privileges(user: str) -> None:
    pw = pwd.getpwnam(user)
    gids = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem] or [pw.pw_gid]
    arr = (ctypes.c_uint * len(gids))(*gids)
    steps = [
        ("setgroups", partial(libc.setgroups, len(gids), arr)),
        ("setresgid", partial(libc.setresgid, pw.pw_gid, pw.pw_gid, pw.pw_gid)),
        ("setresuid", partial(libc.setresuid, pw.pw_uid, pw.pw_uid, pw.pw_uid)),
    ]
    for name, call in steps:
        _check(name, call())
    os.environ.update(HOME=pw.pw_dir, USER=user, LOGNAME=user)
    log.info("now running as uid=%d gid=%d", os.getuid(), os.getgid())


def parse_report(path: Path) -> dict:
    lines = map(methodcaller("strip"), path.read_text(encoding="utf-8").splitlines())
    fields = (l.split(":", 1) for l in lines if ":" in l)
    return {k.strip().lower(): v.strip() for k, v in fields}


def worker(jobs: "queue.Queue[Path]", outdir: Path, done: list):
    while True:
        path = jobs.get()
        if path is None:
            jobs.task_done()
            return
        try:
            out = outdir / (path.stem + ".json")
            out.write_text(json.dumps(parse_report(path), indent=2), encoding="utf-8")
            path.rename(path.with_suffix(".done"))
            done.append(path.name)
        except (OSError, UnicodeDecodeError) as exc:
            log.warning("failed %s: %s", path, exc)
        finally:
            jobs.task_done()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--user", default="spool")
    ap.add_argument("--spool", default="spool/incoming")
    ap.add_argument("--out", default="spool/json")
    ap.add_argument("--threads", type=int, default=4)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if os.geteuid() == 0:
        drop_privileges(args.user)
    else:
        log.info("not root; keeping uid %d", os.getuid())

    outdir = Path(args.out)
    outdir.mkdir(parents=True, exist_ok=True)
    pending = sorted(Path(args.spool).glob("*.txt"), key=attrgetter("name"))
    jobs, done = queue.Queue(), []
    threads = [threading.Thread(target=worker, args=(jobs, outdir, done), daemon=True)
               for _ in range(max(1, args.threads))]
    list(map(methodcaller("start"), threads))
    list(map(jobs.put, pending + [None] * len(threads)))
    jobs.join()
    log.info("converted %d of %d report(s)", len(done), len(pending))
    return 0 if len(done) == len(pending) else 1


if __name__ == "__main__":
    raise SystemExit(main())
