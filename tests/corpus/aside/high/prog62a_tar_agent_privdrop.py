#!/usr/bin/env python3
"""Archive agent that is started as root and then becomes the backup user.

The agent opens the output folder while still privileged, switches its
group list, gid and uid to the 'backup' account and only then walks the
source tree, so files the backup account cannot read are skipped instead
of being copied with root rights.
"""
import argparse
import grp
import logging
import os
import pwd
import sys
import tarfile
import time
from pathlib import Path

logger = logging.getLogger("tar-agent")


def become(user: str, group: str | None = None) -> None:
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid if group else pw.pw_gid
    if os.geteuid() != 0:
        if os.geteuid() == pw.pw_uid:
            logger.info("already running as %s", user)
            return
        raise PermissionError("must be started as root to switch to %s" % user)
    extra = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem]
    os.setgroups(sorted(set(extra + [gid])))
    os.setresgid(gid, gid, gid)
    os.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid)
    os.environ.update(HOME=pw.pw_dir, USER=user, LOGNAME=user)
    os.umask(0o077)
    logger.info("now running as uid=%d gid=%d groups=%s", os.getuid(), os.getgid(), os.getgroups())


def readable_members(root: Path):
    for dirpath, dirnames, filenames in os.walk(root, onerror=lambda e: logger.warning("%s", e)):
        dirnames[:] = [d for d in dirnames if os.access(os.path.join(dirpath, d), os.R_OK | os.X_OK)]
        for name in filenames:
            full = os.path.join(dirpath, name)
            if os.access(full, os.R_OK):
                yield full
            else:
                logger.debug("unreadable, skipped: %s", full)


def write_archive(out_fd: int, root: Path) -> int:
    n = 0
    with os.fdopen(out_fd, "wb") as raw, tarfile.open(fileobj=raw, mode="w:xz") as tf:
        for path in readable_members(root):
            try:
                tf.add(path, arcname=os.path.relpath(path, root.parent), recursive=False)
                n += 1
            except OSError as exc:
                logger.warning("skip %s: %s", path, exc)
    return n


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("source", type=Path)
    ap.add_argument("--out-dir", type=Path, default=Path("/var/backups/tar-agent"))
    ap.add_argument("--user", default="backup")
    ap.add_argument("--group")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    args.out_dir.mkdir(parents=True, exist_ok=True)
    name = f"{args.source.name}-{time.strftime('%Y%m%dT%H%M%S')}.tar.xz"
    target = args.out_dir / name
    fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        owner = pwd.getpwnam(args.user)
        os.fchown(fd, owner.pw_uid, owner.pw_gid)
        become(args.user, args.group)
    except (KeyError, PermissionError, OSError) as exc:
        logger.error("privilege switch failed: %s", exc)
        os.close(fd)
        target.unlink(missing_ok=True)
        return 1

    count = write_archive(fd, args.source.resolve())
    logger.info("archived %d files to %s", count, target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
