#!/usr/bin/env python3
"""Audit and fix ownership/modes of sensitive configuration under /etc.

Compares each file against the CIS-style expectation table and, with
--fix, corrects owner, group and mode in place. Run as root for --fix.
"""
import argparse
import glob
import grp
import os
import pwd
import stat
import sys

# path pattern -> (owner, group, mode)
EXPECTED = {
    "/etc/passwd": ("root", "root", 0o644),
    "/etc/group": ("root", "root", 0o644),
    "/etc/gshadow": ("root", "shadow", 0o640),
    "/etc/sudoers": ("root", "root", 0o440),
    "/etc/sudoers.d/*": ("root", "root", 0o440),
    "/etc/ssh/sshd_config": ("root", "root", 0o600),
    "/etc/ssh/ssh_host_*_key": ("root", "root", 0o600),
    "/etc/ssh/ssh_host_*_key.pub": ("root", "root", 0o644),
    "/etc/login.defs": ("root", "root", 0o644),
    "/etc/security/limits.conf": ("root", "root", 0o644),
}


def resolve_ids(owner, group):
    try:
        uid = pwd.getpwnam(owner).pw_uid
    except KeyError:
        uid = 0
    try:
        gid = grp.getgrnam(group).gr_gid
    except KeyError:
        gid = 0
    return uid, gid


def check(path, owner, group, mode):
    st = os.lstat(path)
    if stat.S_ISLNK(st.st_mode):
        return []
    uid, gid = resolve_ids(owner, group)
    problems = []
    current = stat.S_IMODE(st.st_mode)
    if current != mode:
        problems.append(("mode", oct(current), oct(mode)))
    if st.st_uid != uid:
        problems.append(("owner", st.st_uid, uid))
    if st.st_gid != gid:
        problems.append(("group", st.st_gid, gid))
    return problems


def fix(path, owner, group, mode):
    uid, gid = resolve_ids(owner, group)
    os.chown(path, uid, gid, follow_symlinks=False)
    os.chmod(path, mode)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--fix", action="store_true")
    args = parser.parse_args()

    if args.fix and os.geteuid() != 0:
        print("--fix requires root", file=sys.stderr)
        return 1

    issues = 0
    for pattern, (owner, group, mode) in EXPECTED.items():
        for path in sorted(glob.glob(pattern)):
            if pattern.endswith("_key") and path.endswith(".pub"):
                continue
            try:
                problems = check(path, owner, group, mode)
            except OSError as err:
                print(f"skip {path}: {err}")
                continue
            if not problems:
                continue
            issues += 1
            detail = ", ".join(f"{kind} {have}->{want}" for kind, have, want in problems)
            print(f"{path}: {detail}")
            if args.fix:
                fix(path, owner, group, mode)
                print(f"  fixed {path}")

    print(f"{issues} file(s) out of policy" + (" (remediated)" if args.fix and issues else ""))
    return 0 if args.fix or not issues else 1


if __name__ == "__main__":
    sys.exit(main())
