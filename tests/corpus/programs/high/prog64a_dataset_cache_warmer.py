#!/usr/bin/env python3
"""Warm the node-local dataset cache before a training job starts.

Reads a manifest (one relative path per line, optionally `path<TAB>sha256`)
and copies the listed files from the shared dataset store into the node-local
cache directory, verifying checksums on the way.  The shared store is
group-restricted (`datasets`), so the warmer switches its process credentials
to that group before touching it.

    dataset_cache_warmer.py manifests/imagenet_train.txt --threads 16
"""
import argparse
import ctypes
import ctypes.util
import grp
import hashlib
import logging
import os
import queue
import shutil
import sys
import threading
from pathlib import Path

log = logging.getLogger("cache-warmer")

SHARED_ROOT = Path(os.environ.get("DATASET_STORE", "/srv/datasets"))
LOCAL_ROOT = Path(os.environ.get("DATASET_CACHE", Path.home() / ".cache" / "datasets"))
STORE_GROUP = os.environ.get("DATASET_GROUP", "datasets")


class Credentials:
    """Thin wrapper over libc so we can set the full group list in one go."""

    _libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    @classmethod
    def adopt_group(cls, name):
        gid = grp.getgrnam(name).gr_gid
        if gid in os.getgroups():
            log.debug("already in group %s", name)
            return gid
        groups = (ctypes.c_uint * 1)(gid)
        if cls._libc.setgroups(ctypes.c_size_t(1), groups) != 0:
            err = ctypes.get_errno()
            log.warning("setgroups(%d) failed: %s", gid, os.strerror(err))
        if cls._libc.setresgid(gid, gid, gid) != 0:
            err = ctypes.get_errno()
            raise PermissionError(err, f"setresgid({gid}): {os.strerror(err)}")
        log.info("running with gid %d (%s)", gid, name)
        return gid


def parse_manifest(path: Path):
    for lineno, raw in enumerate(path.read_text().splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        rel, _, digest = line.partition("\t")
        if rel.startswith("/") or ".." in Path(rel).parts:
            log.warning("line %d: refusing path %r", lineno, rel)
            continue
        yield rel, digest or None


def sha256_of(path: Path, bufsize=4 << 20):
    h = hashlib.sha256()
    with path.open("rb") as fh:
        while chunk := fh.read(bufsize):
            h.update(chunk)
    return h.hexdigest()


def worker(q: queue.Queue, stats: dict, lock: threading.Lock, verify: bool):
    while True:
        item = q.get()
        if item is None:
            q.task_done()
            return
        rel, digest = item
        src, dst = SHARED_ROOT / rel, LOCAL_ROOT / rel
        try:
            if dst.exists() and dst.stat().st_size == src.stat().st_size:
                key = "hit"
            else:
                dst.parent.mkdir(parents=True, exist_ok=True)
                tmp = dst.with_name(dst.name + ".partial")
                shutil.copyfile(src, tmp)
                if verify and digest and sha256_of(tmp) != digest:
                    tmp.unlink()
                    raise ValueError("checksum mismatch")
                tmp.replace(dst)
                key = "copied"
        except (OSError, ValueError) as exc:
            log.warning("%s: %s", rel, exc)
            key = "failed"
        with lock:
            stats[key] += 1
        q.task_done()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("manifest", type=Path)
    ap.add_argument("--threads", type=int, default=8)
    ap.add_argument("--no-verify", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        Credentials.adopt_group(STORE_GROUP)
    except (KeyError, PermissionError) as exc:
        log.warning("could not switch to group %s (%s); trying with current credentials",
                    STORE_GROUP, exc)

    if not SHARED_ROOT.is_dir():
        log.error("dataset store %s not mounted", SHARED_ROOT)
        return 1

    LOCAL_ROOT.mkdir(parents=True, exist_ok=True)
    q: queue.Queue = queue.Queue(maxsize=args.threads * 4)
    stats = {"hit": 0, "copied": 0, "failed": 0}
    lock = threading.Lock()
    threads = [threading.Thread(target=worker, args=(q, stats, lock, not args.no_verify), daemon=True)
               for _ in range(args.threads)]
    for t in threads:
        t.start()
    for item in parse_manifest(args.manifest):
        q.put(item)
    for _ in threads:
        q.put(None)
    q.join()

    log.info("cache warm: %(hit)d already present, %(copied)d copied, %(failed)d failed", stats)
    return 1 if stats["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
