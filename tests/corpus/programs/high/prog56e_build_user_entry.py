#!/usr/bin/env python3
"""Container entrypoint for CI build images: become the build user, then exec.

The image starts as root so the workspace volume can be re-owned to match the
host runner's UID/GID (passed in as BUILD_UID / BUILD_GID). After that the
process drops its supplementary groups, switches gid and uid, and execs the
job command - the same job gosu/su-exec do, without an extra binary.
"""
import logging
import os
import pwd
import sys

log = logging.getLogger("entry")

WORKSPACE = os.environ.get("CI_WORKSPACE", "/workspace")
CACHE_DIRS = ("/home/builder/.cache", "/home/builder/.npm", "/home/builder/.m2")


def wanted_ids():
    try:
        default = pwd.getpwnam("builder")
        duid, dgid = default.pw_uid, default.pw_gid
    except KeyError:
        duid, dgid = 1000, 1000
    uid = int(os.environ.get("BUILD_UID", duid))
    gid = int(os.environ.get("BUILD_GID", dgid))
    if uid == 0:
        raise SystemExit("refusing to run the build as uid 0")
    return uid, gid


def chown_tree(path, uid, gid):
    if not os.path.isdir(path):
        return 0
    changed = 0
    for root, dirs, files in os.walk(path):
        for name in dirs + files:
            p = os.path.join(root, name)
            try:
                st = os.lstat(p)
                if st.st_uid != uid or st.st_gid != gid:
                    os.lchown(p, uid, gid)
                    changed += 1
            except FileNotFoundError:
                continue
    os.chown(path, uid, gid)
    return changed


def drop_privileges(uid, gid):
    os.setgroups([])
    os.setgid(gid)
    os.setuid(uid)
    os.umask(0o022)
    if os.getuid() != uid or os.geteuid() != uid:
        raise SystemExit("privilege drop did not take effect")
    try:
        home = pwd.getpwuid(uid).pw_dir
    except KeyError:
        home = "/home/builder"
    os.environ.update(HOME=home, USER=str(uid))


def main(argv):
    logging.basicConfig(level=os.environ.get("ENTRY_LOG", "INFO"),
                        format="entry: %(message)s")
    cmd = argv[1:] or ["/bin/sh"]
    if os.geteuid() != 0:
        log.info("not root, running %s as-is", cmd[0])
        os.execvp(cmd[0], cmd)

    uid, gid = wanted_ids()
    total = 0
    for path in (WORKSPACE, *CACHE_DIRS):
        os.makedirs(path, exist_ok=True)
        total += chown_tree(path, uid, gid)
    log.info("re-owned %d paths to %d:%d", total, uid, gid)

    drop_privileges(uid, gid)
    os.chdir(WORKSPACE)
    log.info("exec %s as uid %d", cmd[0], uid)
    os.execvp(cmd[0], cmd)


if __name__ == "__main__":
    main(sys.argv)
