#!/usr/bin/env python3
"""Run a build inside a throwaway tmpfs to spare the runner's SSD.

Invoked as root by the CI agent:
    ramdisk_build_runner.py --size 6G --user builder -- make -j16 all
It mounts a tmpfs on ./.ramdisk, copies the source tree into it, runs the
build command as the unprivileged build user, copies ./out back and
unmounts again, even when the build fails.
"""
import argparse
import logging
import os
import pwd
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("ramdisk")
COPY_IGNORE = shutil.ignore_patterns(".git", ".ramdisk", "node_modules", "out")


def mount_tmpfs(target: Path, size: str, owner: pwd.struct_passwd) -> None:
    target.mkdir(exist_ok=True)
    opts = f"size={size},mode=0750,uid={owner.pw_uid},gid={owner.pw_gid},nosuid,nodev"
    log.info("mounting tmpfs (%s) on %s", size, target)
    subprocess.run(["mount", "-t", "tmpfs", "-o", opts, "ci-ramdisk", str(target)], check=True)


def unmount(target: Path) -> None:
    for attempt in range(3):
        rc = subprocess.run(["umount", str(target)]).returncode
        if rc == 0:
            log.info("unmounted %s", target)
            return
        log.warning("umount busy (attempt %d), retrying lazily", attempt + 1)
    subprocess.run(["umount", "-l", str(target)], check=False)


def demote(user: pwd.struct_passwd):
    def _drop():
        os.setgroups(os.getgrouplist(user.pw_name, user.pw_gid))
        os.setgid(user.pw_gid)
        os.setuid(user.pw_uid)
        os.environ.update(HOME=user.pw_dir, USER=user.pw_name, LOGNAME=user.pw_name)
    return _drop


def chown_tree(root: Path, user: pwd.struct_passwd) -> None:
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            os.lchown(os.path.join(dirpath, name), user.pw_uid, user.pw_gid)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="build inside a tmpfs")
    ap.add_argument("--size", default="4G")
    ap.add_argument("--user", default="builder")
    ap.add_argument("--src", default=".", type=Path)
    ap.add_argument("command", nargs=argparse.REMAINDER)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="[ramdisk] %(message)s")

    cmd = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not cmd:
        ap.error("no build command given")
    if os.geteuid() != 0:
        log.error("must run as root to mount tmpfs (the build itself runs as %s)", args.user)
        return 2
    user = pwd.getpwnam(args.user)
    src = args.src.resolve()
    ramdisk = src / ".ramdisk"

    mount_tmpfs(ramdisk, args.size, user)
    try:
        work = ramdisk / "src"
        shutil.copytree(src, work, ignore=COPY_IGNORE, symlinks=True)
        chown_tree(work, user)
        log.info("running %s as %s", " ".join(cmd), user.pw_name)
        proc = subprocess.run(cmd, cwd=work, preexec_fn=demote(user))
        if (work / "out").is_dir():
            shutil.copytree(work / "out", src / "out", dirs_exist_ok=True)
            chown_tree(src / "out", pwd.getpwuid(src.stat().st_uid))
        log.info("build exited with %d", proc.returncode)
        return proc.returncode
    finally:
        unmount(ramdisk)


if __name__ == "__main__":
    sys.exit(main())
