#!/usr/bin/env python3
"""Inspect the contents of a raw or ISO disk image produced by the build.

The image is attached read-only through a loop device with `sudo mount`,
a manifest of its files (path, size, mode) is written to ./image_manifest.tsv,
and the image is detached again, even if listing fails.
"""
import argparse
import contextlib
import logging
import os
import shlex
import stat
import subprocess
import sys
import tempfile

log = logging.getLogger("img_inspect")


def run(argv, capture=False):
    """Run a command line built as a list; log it in copy-pasteable form."""
    log.debug("$ %s", shlex.join(argv))
    result = subprocess.run(argv, check=True, text=True,
                            stdout=subprocess.PIPE if capture else None)
    return result.stdout if capture else None


def partition_offset(image, partition):
    """Use sfdisk to find the byte offset of a partition (1-based)."""
    if partition is None:
        return 0
    out = run(["sfdisk", "--dump", image], capture=True)
    starts = [line for line in out.splitlines() if "start=" in line]
    if partition > len(starts):
        raise ValueError(f"image has only {len(starts)} partition(s)")
    field = [f for f in starts[partition - 1].split(",") if "start=" in f][0]
    sector = int(field.split("=")[1])
    return sector * 512


@contextlib.contextmanager
def mounted(image, fstype, offset):
    mountpoint = tempfile.mkdtemp(prefix="imginspect-")
    opts = f"loop,ro,offset={offset}"
    cmd = ["sudo", "mount", "-o", opts]
    if fstype:
        cmd += ["-t", fstype]
    cmd += [image, mountpoint]
    run(cmd)
    log.info("mounted %s at %s", image, mountpoint)
    try:
        yield mountpoint
    finally:
        try:
            run(["sudo", "umount", mountpoint])
        except subprocess.CalledProcessError as exc:
            log.error("umount failed (%s); detach manually", exc)
        else:
            os.rmdir(mountpoint)
            log.info("unmounted %s", mountpoint)


def walk_manifest(root, max_entries):
    rows = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        for name in sorted(filenames):
            full = os.path.join(dirpath, name)
            try:
                st = os.lstat(full)
            except OSError:
                continue
            rel = os.path.relpath(full, root)
            rows.append((rel, st.st_size, stat.filemode(st.st_mode)))
            if len(rows) >= max_entries:
                log.warning("manifest truncated at %d entries", max_entries)
                return rows
    return rows


def write_manifest(rows, path):
    with open(path, "w", encoding="utf-8") as fh:
        fh.write("path\tsize\tmode\n")
        for rel, size, mode in rows:
            fh.write(f"{rel}\t{size}\t{mode}\n")
    log.info("wrote %d entries to %s", len(rows), path)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("image", help="path to .img or .iso")
    ap.add_argument("--partition", type=int, help="partition number (1-based)")
    ap.add_argument("--fstype", help="filesystem type, e.g. ext4, vfat, iso9660")
    ap.add_argument("--manifest", default="image_manifest.tsv")
    ap.add_argument("--max-entries", type=int, default=200000)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)-7s %(message)s")

    if not os.path.isfile(args.image):
        log.error("no such image: %s", args.image)
        return 1
    try:
        offset = partition_offset(args.image, args.partition)
        with mounted(os.path.abspath(args.image), args.fstype, offset) as mnt:
            rows = walk_manifest(mnt, args.max_entries)
    except (subprocess.CalledProcessError, ValueError) as exc:
        log.error("inspection failed: %s", exc)
        return 1
    write_manifest(rows, args.manifest)
    total = sum(size for _, size, _ in rows)
    print(f"{len(rows)} files, {total / 1e6:.1f} MB in {args.image}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
