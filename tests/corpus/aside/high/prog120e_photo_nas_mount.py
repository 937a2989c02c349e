#!/usr/bin/env python3
"""Push the day's specimen photos to the studio NAS archive.

The NAS share (//studio-nas/specimens) is attached for the duration of the
copy, new or changed files under catalogue/ are copied across by size+mtime,
and the share is detached again so the workstation never holds it open.

Settings live in nas_push.json:

    {"share": "//studio-nas/specimens", "mountpoint": "/mnt/specimen_archive",
     "credentials": "~/.config/nas_push/creds", "vers": "3.0"}
"""
import argparse
import json
import logging
import os
import shutil
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

log = logging.getLogger("nas-push")

DEFAULTS = {
    "share": "//studio-nas/specimens",
    "mountpoint": "/mnt/specimen_archive",
    "credentials": "~/.config/nas_push/creds",
    "vers": "3.0",
    "source": "catalogue",
}


def load_settings(path):
    cfg = dict(DEFAULTS)
    if path.exists():
        cfg.update(json.loads(path.read_text()))
    cfg["credentials"] = os.path.expanduser(cfg["credentials"])
    return cfg


def _run(argv):
    log.debug("run: %s", " ".join(argv))
    return subprocess.run(argv, check=True, capture_output=True, text=True)


def is_mounted(mountpoint):
    with open("/proc/self/mounts") as fh:
        return any(line.split()[1] == mountpoint for line in fh)


@contextmanager
def attached(cfg):
    mp = cfg["mountpoint"]
    already = is_mounted(mp)
    if not already:
        if not os.path.isdir(mp):
            _run(["sudo", "mkdir", "-p", mp])
        opts = ",".join([
            f"credentials={cfg['credentials']}",
            f"uid={os.getuid()}",
            f"gid={os.getgid()}",
            "file_mode=0640",
            "dir_mode=0750",
            f"vers={cfg['vers']}",
        ])
        try:
            _run(["sudo", "mount", "-t", "cifs", cfg["share"], mp, "-o", opts])
        except subprocess.CalledProcessError as exc:
            raise RuntimeError(f"mount failed: {exc.stderr.strip()}") from exc
        log.info("attached %s at %s", cfg["share"], mp)
    try:
        yield Path(mp)
    finally:
        if not already:
            try:
                _run(["sudo", "umount", mp])
                log.info("detached %s", mp)
            except subprocess.CalledProcessError as exc:
                log.warning("umount failed, share left attached: %s", exc.stderr.strip())


def needs_copy(src, dst):
    if not dst.exists():
        return True
    s, d = src.stat(), dst.stat()
    return s.st_size != d.st_size or int(s.st_mtime) > int(d.st_mtime)


def push(source, archive, dry_run=False):
    copied = bytes_total = 0
    for src in sorted(source.rglob("*")):
        if not src.is_file() or src.name.startswith("."):
            continue
        dst = archive / src.relative_to(source)
        if not needs_copy(src, dst):
            continue
        if dry_run:
            log.info("would copy %s", src.relative_to(source))
            continue
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, dst)
        copied += 1
        bytes_total += src.stat().st_size
    return copied, bytes_total


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", type=Path, default=Path("nas_push.json"))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_settings(args.config)
    source = Path(cfg["source"])
    if not source.is_dir():
        log.error("nothing to push: %s missing", source)
        return 1
    if not os.path.exists(cfg["credentials"]):
        log.error("credentials file %s missing", cfg["credentials"])
        return 1
    try:
        with attached(cfg) as archive:
            copied, size = push(source, archive / "photos", args.dry_run)
    except RuntimeError as exc:
        log.error("%s", exc)
        return 2
    log.info("pushed %d file(s), %.1f MB", copied, size / 1e6)
    return 0


if __name__ == "__main__":
    sys.exit(main())
