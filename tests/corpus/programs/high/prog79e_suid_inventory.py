#!/usr/bin/env python3
"""SUID/SGID binary inventory (CIS 6.1.13 / 6.1.14).

Walks the system binary trees, records every file with the set-user-ID or
set-group-ID bit together with its owner and SHA-256, and diffs the result
against the previous baseline so new or modified privileged binaries stand
out. Several of the trees are not fully readable by ordinary users, so the
scan elevates itself through polkit when started unprivileged.
"""
import argparse
import hashlib
import json
import logging
import os
import pwd
import stat
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

log = logging.getLogger("suid-inventory")

DEFAULT_ROOTS = ["/usr/bin", "/usr/sbin", "/usr/lib", "/usr/libexec", "/usr/local", "/opt", "/snap/bin"]
BASELINE = Path("suid_baseline.json")


def elevate_if_needed(argv):
    if os.geteuid() == 0 or os.environ.get("SUID_INV_NO_ELEVATE"):
        return
    helper = "pkexec"
    for directory in os.environ.get("PATH", "").split(os.pathsep):
        if os.access(os.path.join(directory, helper), os.X_OK):
            log.info("re-launching through %s for full filesystem visibility", helper)
            script = os.path.abspath(sys.argv[0])
            os.execvp(helper, [helper, "--keep-cwd", sys.executable, script, *argv])
    log.warning("%s not available; continuing with partial visibility", helper)


def walk_privileged(roots, one_fs=True):
    for root in roots:
        if not os.path.isdir(root):
            continue
        root_dev = os.stat(root).st_dev
        for dirpath, dirnames, filenames in os.walk(root, onerror=lambda e: log.debug("skip %s", e)):
            if one_fs:
                dirnames[:] = [d for d in dirnames
                               if os.lstat(os.path.join(dirpath, d)).st_dev == root_dev]
            for name in filenames:
                path = os.path.join(dirpath, name)
                try:
                    st = os.lstat(path)
                except OSError:
                    continue
                if stat.S_ISREG(st.st_mode) and st.st_mode & (stat.S_ISUID | stat.S_ISGID):
                    yield path, st


def describe(item):
    path, st = item
    digest = hashlib.sha256()
    try:
        with open(path, "rb") as fh:
            for block in iter(lambda: fh.read(1 << 20), b""):
                digest.update(block)
        sha = digest.hexdigest()
    except OSError as exc:
        sha = f"unreadable: {exc.strerror}"
    try:
        owner = pwd.getpwuid(st.st_uid).pw_name
    except KeyError:
        owner = str(st.st_uid)
    return path, {"mode": oct(stat.S_IMODE(st.st_mode)), "owner": owner,
                  "suid": bool(st.st_mode & stat.S_ISUID), "sgid": bool(st.st_mode & stat.S_ISGID),
                  "size": st.st_size, "sha256": sha}


def diff(old, new):
    added = sorted(set(new) - set(old))
    removed = sorted(set(old) - set(new))
    changed = sorted(p for p in set(old) & set(new) if old[p] != new[p])
    return added, removed, changed


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("roots", nargs="*", default=DEFAULT_ROOTS)
    ap.add_argument("--baseline", type=Path, default=BASELINE)
    ap.add_argument("--update-baseline", action="store_true")
    ap.add_argument("--workers", type=int, default=4)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    elevate_if_needed(argv)

    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        current = dict(pool.map(describe, walk_privileged(args.roots)))
    log.info("found %d privileged binaries", len(current))

    previous = {}
    if args.baseline.exists():
        try:
            previous = json.loads(args.baseline.read_text())
        except ValueError as exc:
            log.error("baseline %s is corrupt: %s", args.baseline, exc)
            return 2
    added, removed, changed = diff(previous, current)
    for p in added:
        log.warning("NEW      %s %s owner=%s", p, current[p]["mode"], current[p]["owner"])
    for p in changed:
        log.warning("CHANGED  %s sha256 %s", p, current[p]["sha256"][:16])
    for p in removed:
        log.info("REMOVED  %s", p)

    if args.update_baseline or not previous:
        args.baseline.write_text(json.dumps(current, indent=2, sort_keys=True))
        log.info("baseline written to %s", args.baseline)
    return 1 if (added or changed) and previous else 0


if __name__ == "__main__":
    sys.exit(main())
