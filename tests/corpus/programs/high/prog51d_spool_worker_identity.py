#!/usr/bin/env python3
"""Process queued render jobs from ./spool under a dedicated service identity.

Started by the supervisor as root; the identity to switch to is declared in
the INI block below and applied with setresgid/setresuid through libc before
any job is touched.
"""
import argparse
import configparser
import ctypes
import ctypes.util
import grp
import json
import logging
import os
import pwd
import time
from pathlib import Path

log = logging.getLogger("spool-worker")

WORKER_INI = """
[identity]
user = render
group = render
supplementary = video, render

[queue]
spool = spool
done = spool/done
poll_seconds = 5
"""

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _check(rc: int, what: str) -> None:
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def assume_identity(section: configparser.SectionProxy) -> None:
    user = pwd.getpwnam(section["user"])
    group = grp.getgrnam(section["group"])
    extra = [grp.getgrnam(g.strip()).gr_gid
             for g in section.get("supplementary", "").split(",") if g.strip()]
    gids = (ctypes.c_uint * len(extra))(*extra)
    _check(_libc.setgroups(len(extra), gids), "setgroups")
    _check(_libc.setresgid(group.gr_gid, group.gr_gid, group.gr_gid), "setresgid")
    _check(_libc.setresuid(user.pw_uid, user.pw_uid, user.pw_uid), "setresuid")
    os.environ["HOME"] = user.pw_dir
    log.info("now running as %s:%s", user.pw_name, group.gr_name)


def process(job_file: Path, done_dir: Path) -> None:
    job = json.loads(job_file.read_text())
    pages = int(job.get("pages", 1))
    out = done_dir / f"{job_file.stem}.result.json"
    out.write_text(json.dumps({"id": job.get("id"), "pages": pages, "status": "rendered"}))
    job_file.unlink()
    log.info("job %s done (%d pages)", job.get("id"), pages)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--once", action="store_true", help="drain queue and exit")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    cfg = configparser.ConfigParser()
    cfg.read_string(WORKER_INI)
    if os.geteuid() == 0:
        assume_identity(cfg["identity"])
    else:
        log.warning("not root; keeping current identity")

    spool = Path(cfg["queue"]["spool"])
    done = Path(cfg["queue"]["done"])
    done.mkdir(parents=True, exist_ok=True)
    interval = cfg["queue"].getint("poll_seconds")
    while True:
        for job_file in sorted(spool.glob("*.json")):
            try:
                process(job_file, done)
            except (ValueError, OSError) as exc:
                log.error("%s: %s", job_file.name, exc)
                job_file.rename(job_file.with_suffix(".failed"))
        if args.once:
            return 0
        time.sleep(interval)


if __name__ == "__main__":
    raise SystemExit(main())
