#!/usr/bin/env python3
"""Distribute the team's terminal colour themes to every member's account.

Run as root on shared build hosts.  For each member of the given Unix group
the tool forks, drops to that user's uid/gid with setresgid/setresuid (so
file ownership and home-directory permissions are respected exactly as if
the user had copied the files), and copies the theme files from ./themes
into the per-user theme directories of kitty and alacritty.

    theme-fanout --group devs
    theme-fanout --group devs --only alice,bob --dry-run
"""

import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import shutil
import sys
from pathlib import Path

THEME_TARGETS = {
    "kitty": (".conf", ".config/kitty/themes"),
    "alacritty": (".toml", ".config/alacritty/themes"),
}

log = logging.getLogger("theme-fanout")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_libc.setresuid.argtypes = [ctypes.c_uint, ctypes.c_uint, ctypes.c_uint]
_libc.setresgid.argtypes = [ctypes.c_uint, ctypes.c_uint, ctypes.c_uint]
_libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def become(user):
    """Irreversibly switch the current process to ``user``."""
    groups = [g.gr_gid for g in grp.getgrall() if user.pw_name in g.gr_mem]
    groups.append(user.pw_gid)
    arr = (ctypes.c_uint * len(groups))(*groups)
    _check(_libc.setgroups(len(groups), arr), "setgroups")
    _check(_libc.setresgid(user.pw_gid, user.pw_gid, user.pw_gid), "setresgid")
    _check(_libc.setresuid(user.pw_uid, user.pw_uid, user.pw_uid), "setresuid")
    os.environ.update(HOME=user.pw_dir, USER=user.pw_name, LOGNAME=user.pw_name)


def collect_themes(src):
    plan = []
    for app, (suffix, _) in THEME_TARGETS.items():
        app_dir = src / app
        if not app_dir.is_dir():
            continue
        for f in sorted(app_dir.iterdir()):
            if f.suffix == suffix and f.is_file():
                plan.append((app, f))
    return plan


def copy_for_current_user(plan, home, dry_run):
    copied = 0
    for app, theme in plan:
        dest_dir = home / THEME_TARGETS[app][1]
        dest = dest_dir / theme.name
        if dest.exists() and dest.read_bytes() == theme.read_bytes():
            continue
        if dry_run:
            log.info("  would copy %s -> %s", theme, dest)
        else:
            dest_dir.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(theme, dest)
            os.chmod(dest, 0o644)
        copied += 1
    return copied


def fan_out(user, plan, dry_run):
    pid = os.fork()
    if pid == 0:
        code = 0
        try:
            become(user)
            n = copy_for_current_user(plan, Path(user.pw_dir), dry_run)
            log.info("%-12s %d theme file(s) %s", user.pw_name, n,
                     "to update" if dry_run else "updated")
        except Exception as exc:
            log.error("%s: %s", user.pw_name, exc)
            code = 1
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)


def members(group_name, only):
    try:
        group = grp.getgrnam(group_name)
    except KeyError:
        raise SystemExit(f"no such group: {group_name}")
    names = set(group.gr_mem)
    names.update(p.pw_name for p in pwd.getpwall() if p.pw_gid == group.gr_gid)
    if only:
        names &= set(only)
    users = []
    for name in sorted(names):
        p = pwd.getpwnam(name)
        if p.pw_uid < 1000 or not os.path.isdir(p.pw_dir):
            log.debug("skipping %s", name)
            continue
        users.append(p)
    return users


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--group", required=True)
    ap.add_argument("--only", type=lambda s: s.split(","), default=None)
    ap.add_argument("--themes", default="themes")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="%(name)s: %(message)s")

    if os.geteuid() != 0:
        raise SystemExit("run this as root so it can act on behalf of each user")

    plan = collect_themes(Path(args.themes).resolve())
    if not plan:
        raise SystemExit(f"no themes found below {args.themes}/{{kitty,alacritty}}")
    log.info("%d theme file(s) to distribute", len(plan))

    failures = sum(1 for u in members(args.group, args.only) if fan_out(u, plan, args.dry_run))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
