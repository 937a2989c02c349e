#!/usr/bin/env python3
"""Entrypoint for the Playwright CI container.

The container starts as root so it can raise the inotify limits needed by
the watch-mode test server; it then drops to the unprivileged 'pwuser'
account before handing over to the test runner."""
import argparse
import grp
import logging
import os
import pwd
import sys

log = logging.getLogger("pw-entry")

KERNEL_LIMITS = {
    "/proc/sys/fs/inotify/max_user_watches": 524288,
    "/proc/sys/fs/inotify/max_user_instances": 1024,
}


def raise_limits(limits, dry_run=False):
    for path, wanted in limits.items():
        try:
            with open(path) as fh:
                current = int(fh.read().strip())
        except OSError as exc:
            log.warning("cannot read %s: %s", path, exc)
            continue
        if current >= wanted:
            log.info("%s already %d", path, current)
            continue
        if dry_run:
            log.info("would set %s %d -> %d", path, current, wanted)
            continue
        with open(path, "w") as fh:
            fh.write(str(wanted))
        log.info("set %s %d -> %d", path, current, wanted)


def drop_privileges(username):
    entry = pwd.getpwnam(username)
    groups = [g.gr_gid for g in grp.getgrall() if username in g.gr_mem]
    os.setgroups(groups)
    os.setgid(entry.pw_gid)
    os.setuid(entry.pw_uid)
    os.environ.update(HOME=entry.pw_dir, USER=username, LOGNAME=username)
    os.umask(0o022)
    log.info("now running as %s (uid=%d gid=%d)", username, os.getuid(), os.getgid())
    return entry


def build_command(args):
    cmd = ["npx", "playwright", "test", f"--workers={args.workers}", f"--reporter={args.reporter}"]
    if args.shard:
        cmd.append(f"--shard={args.shard}")
    if args.grep:
        cmd += ["--grep", args.grep]
    return cmd


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--user", default=os.environ.get("PW_USER", "pwuser"))
    ap.add_argument("--workers", type=int, default=4)
    ap.add_argument("--reporter", default="line,html")
    ap.add_argument("--shard")
    ap.add_argument("--grep")
    ap.add_argument("--workdir", default="/work/app")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="[entry] %(message)s")

    if os.geteuid() == 0:
        raise_limits(KERNEL_LIMITS, args.dry_run)
        if not args.dry_run:
            drop_privileges(args.user)
    else:
        log.info("not root; skipping kernel limits and privilege drop")

    os.chdir(args.workdir)
    cmd = build_command(args)
    log.info("exec: %s", " ".join(cmd))
    if args.dry_run:
        return 0
    sys.stdout.flush()
    os.execvp(cmd[0], cmd)


if __name__ == "__main__":
    sys.exit(main())
