#!/usr/bin/env python3
"""Create a system account for an application and lay out its work tree.

Run as root by the deployment pipeline:
  * creates the locked system user/group if missing (useradd --system)
  * forks a child that drops to that user (setgroups/setgid/setuid) and
    creates the state, cache and spool directories with the user's umask,
    so no file in the tree is ever owned by root.
"""
import argparse
import logging
import os
import pwd
import subprocess
import sys

log = logging.getLogger("svc-bootstrap")
SUBDIRS = ("state", "cache", "spool/incoming", "spool/outgoing", "run")


def ensure_account(name: str, home: str, comment: str) -> pwd.struct_passwd:
    try:
        return pwd.getpwnam(name)
    except KeyError:
        pass
    cmd = ["useradd", "--system", "--user-group", "--home-dir", home,
           "--create-home", "--shell", "/usr/sbin/nologin",
           "--comment", comment, name]
    log.info("creating account: %s", " ".join(cmd))
    subprocess.run(cmd, check=True)
    subprocess.run(["passwd", "--lock", name], check=True, stdout=subprocess.DEVNULL)
    return pwd.getpwnam(name)


def drop_to(entry: pwd.struct_passwd) -> None:
    os.setgroups([])
    os.setgid(entry.pw_gid)
    os.setuid(entry.pw_uid)
    if os.getuid() == 0 or os.geteuid() == 0:
        raise RuntimeError("privilege drop failed")
    os.environ.update(HOME=entry.pw_dir, USER=entry.pw_name, LOGNAME=entry.pw_name)


def build_tree(entry: pwd.struct_passwd, umask: int) -> int:
    pid = os.fork()
    if pid == 0:
        code = 0
        try:
            drop_to(entry)
            os.umask(umask)
            for sub in SUBDIRS:
                path = os.path.join(entry.pw_dir, sub)
                os.makedirs(path, exist_ok=True)
            with open(os.path.join(entry.pw_dir, "state", ".layout-version"), "w") as fh:
                fh.write("3\n")
        except Exception as exc:  # report and exit from the child only
            print(f"child error: {exc}", file=sys.stderr)
            code = 1
        os._exit(code)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("name", help="service account name, e.g. svc-ingest")
    ap.add_argument("--home", help="default: /srv/<name>")
    ap.add_argument("--comment", default="application service account")
    ap.add_argument("--umask", type=lambda s: int(s, 8), default=0o027)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if os.geteuid() != 0:
        log.error("must run as root")
        return 1
    if not args.name.startswith("svc-"):
        log.error("service accounts must be named svc-*")
        return 1
    home = args.home or f"/srv/{args.name}"
    try:
        entry = ensure_account(args.name, home, args.comment)
    except subprocess.CalledProcessError as exc:
        log.error("account creation failed: %s", exc)
        return 1
    if entry.pw_uid == 0 or entry.pw_uid >= 1000:
        log.error("%s has unexpected uid %d", entry.pw_name, entry.pw_uid)
        return 1
    rc = build_tree(entry, args.umask)
    log.info("%s (uid %d) ready at %s, layout rc=%d", entry.pw_name, entry.pw_uid,
             entry.pw_dir, rc)
    return rc


if __name__ == "__main__":
    sys.exit(main())
