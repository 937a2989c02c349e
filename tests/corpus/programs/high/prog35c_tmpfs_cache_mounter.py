#!/usr/bin/env python3
"""Put the CI build cache on a RAM-backed tmpfs.

  tmpfs_cache.py up   [--size 4g]   mount tmpfs on the cache dir and seed it
  tmpfs_cache.py down               sync back to disk and unmount
  tmpfs_cache.py status

Uses libc mount(2)/umount2(2) directly through ctypes so that it works in
minimal images that do not ship util-linux.
"""
import argparse
import ctypes
import ctypes.util
import logging
import os
import shutil
import sys
from pathlib import Path

log = logging.getLogger("tmpfs-cache")

MS_NOSUID = 0x2
MS_NODEV = 0x4
MS_NOATIME = 0x400
MNT_DETACH = 0x2

CACHE_DIR = Path("/var/cache/ci-build")
PERSIST_DIR = Path("/srv/ci-build-cache.persist")

libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
libc.mount.argtypes = (ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p,
                       ctypes.c_ulong, ctypes.c_char_p)
libc.umount2.argtypes = (ctypes.c_char_p, ctypes.c_int)


def _raise(what: str) -> None:
    err = ctypes.get_errno()
    raise OSError(err, f"{what}: {os.strerror(err)}")


def is_mounted(path: Path) -> bool:
    target = str(path.resolve())
    with open("/proc/self/mounts") as fh:
        for line in fh:
            fields = line.split()
            if len(fields) > 2 and fields[1] == target:
                return fields[2] == "tmpfs"
    return False


def mount_tmpfs(path: Path, size: str, mode: str = "0755") -> None:
    opts = f"size={size},mode={mode}".encode()
    flags = MS_NOSUID | MS_NODEV | MS_NOATIME
    if libc.mount(b"ci-cache", str(path).encode(), b"tmpfs", flags, opts) != 0:
        _raise("mount")


def umount(path: Path) -> None:
    if libc.umount2(str(path).encode(), MNT_DETACH) != 0:
        _raise("umount2")


def rsync_tree(src: Path, dst: Path) -> int:
    """Prefer rsync when present (preserves hard links, much faster)."""
    rsync = shutil.which("rsync")
    if rsync is None:
        return -1
    argv = [rsync, "-aH", "--delete", f"{src}/", f"{dst}/"]
    pid = os.posix_spawn(rsync, argv, {"PATH": "/usr/bin:/bin", "LC_ALL": "C"})
    _pid, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)


def copy_tree(src: Path, dst: Path) -> int:
    if rsync_tree(src, dst) == 0:
        return sum(len(f) for _r, _d, f in os.walk(dst))
    copied = 0
    for root, _dirs, files in os.walk(src):
        rel = Path(root).relative_to(src)
        (dst / rel).mkdir(parents=True, exist_ok=True)
        for name in files:
            shutil.copy2(Path(root) / name, dst / rel / name)
            copied += 1
    return copied


def cmd_up(args) -> int:
    if is_mounted(CACHE_DIR):
        log.info("%s already on tmpfs", CACHE_DIR)
        return 0
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    mount_tmpfs(CACHE_DIR, args.size)
    log.info("mounted tmpfs (%s) on %s", args.size, CACHE_DIR)
    if PERSIST_DIR.is_dir():
        n = copy_tree(PERSIST_DIR, CACHE_DIR)
        log.info("seeded %d files from %s", n, PERSIST_DIR)
    return 0


def cmd_down(args) -> int:
    if not is_mounted(CACHE_DIR):
        log.info("%s is not a tmpfs mount", CACHE_DIR)
        return 0
    if not args.discard:
        PERSIST_DIR.mkdir(parents=True, exist_ok=True)
        n = copy_tree(CACHE_DIR, PERSIST_DIR)
        log.info("saved %d files to %s", n, PERSIST_DIR)
    umount(CACHE_DIR)
    log.info("unmounted %s", CACHE_DIR)
    return 0


def cmd_status(_args) -> int:
    mounted = is_mounted(CACHE_DIR)
    print(f"{CACHE_DIR}: {'tmpfs' if mounted else 'disk'}")
    if mounted:
        usage = shutil.disk_usage(CACHE_DIR)
        print(f"  used {usage.used // 2**20} MiB of {usage.total // 2**20} MiB")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    up = sub.add_parser("up")
    up.add_argument("--size", default="4g")
    down = sub.add_parser("down")
    down.add_argument("--discard", action="store_true")
    sub.add_parser("status")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    handlers = {"up": cmd_up, "down": cmd_down, "status": cmd_status}
    try:
        return handlers[args.cmd](args)
    except OSError as exc:
        log.error("%s (are you root / CAP_SYS_ADMIN?)", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
