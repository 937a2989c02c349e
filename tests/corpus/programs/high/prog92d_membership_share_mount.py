#!/usr/bin/env python3
"""Copy the weekly membership exports off the SU Activities shared drive.

The SU drops one export per society on \\\\su-files\\activities\\exports each
Monday. This attaches the share under ./mnt/activities using the society's
drive account, copies any exports newer than the last run into ./exports,
and detaches it again.

    membership_share_mount.py [--config share.ini] [--keep-mounted]
"""
import argparse
import configparser
import logging
import os
import shutil
import stat
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

log = logging.getLogger("share")

STAMP = Path(".last_export_copy")


def load_config(path):
    cp = configparser.ConfigParser()
    cp.read_dict({"share": {
        "unc": "//su-files.example.ac.uk/activities",
        "subdir": "exports",
        "domain": "STUDENTS",
        "vers": "3.0",
        "credentials": str(Path.home() / ".config/su-share/credentials"),
        "pattern": "*.csv",
    }})
    cp.read(path)
    return cp["share"]


def credentials_ok(path):
    p = Path(path)
    if not p.is_file():
        log.error("credentials file %s missing (username=, password=)", p)
        return False
    mode = stat.S_IMODE(p.stat().st_mode)
    if mode & 0o077:
        log.warning("tightening permissions on %s", p)
        p.chmod(0o600)
    return True


def _run(argv):
    log.debug("running %s", " ".join(argv))
    return subprocess.run(argv, check=True, capture_output=True, text=True, timeout=60)


@contextmanager
def attached(cfg, mountpoint, keep=False):
    mountpoint.mkdir(parents=True, exist_ok=True)
    opts = ",".join([
        f"credentials={cfg['credentials']}",
        f"domain={cfg['domain']}",
        f"vers={cfg['vers']}",
        f"uid={os.getuid()}",
        f"gid={os.getgid()}",
        "ro", "noserverino",
    ])
    elevate = [] if os.geteuid() == 0 else ["sudo", "-n"]
    already = os.path.ismount(mountpoint)
    if not already:
        _run(elevate + ["mount", "-t", "cifs", cfg["unc"], str(mountpoint), "-o", opts])
        log.info("attached %s at %s", cfg["unc"], mountpoint)
    try:
        yield mountpoint
    finally:
        if not already and not keep:
            try:
                _run(elevate + ["umount", str(mountpoint)])
                log.info("detached %s", mountpoint)
            except subprocess.CalledProcessError as exc:
                log.warning("umount failed: %s", exc.stderr.strip())


def copy_new_exports(src_dir, dest_dir, pattern):
    since = STAMP.stat().st_mtime if STAMP.exists() else 0.0
    dest_dir.mkdir(exist_ok=True)
    copied = 0
    for src in sorted(src_dir.glob(pattern)):
        if src.stat().st_mtime <= since:
            continue
        shutil.copy2(src, dest_dir / src.name)
        copied += 1
        log.info("copied %s", src.name)
    STAMP.touch()
    return copied


def main():
    ap = argparse.ArgumentParser(description="fetch membership exports from the SU share")
    ap.add_argument("--config", default="share.ini")
    ap.add_argument("--mountpoint", type=Path, default=Path("mnt/activities"))
    ap.add_argument("--dest", type=Path, default=Path("exports"))
    ap.add_argument("--keep-mounted", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    if not credentials_ok(cfg["credentials"]):
        return 2
    try:
        with attached(cfg, args.mountpoint.resolve(), args.keep_mounted) as mnt:
            n = copy_new_exports(mnt / cfg["subdir"], args.dest, cfg["pattern"])
    except subprocess.CalledProcessError as exc:
        log.error("mount failed: %s", (exc.stderr or "").strip() or exc)
        return 1
    except OSError as exc:
        log.error("copy failed: %s", exc)
        return 1
    log.info("%d new export(s) in %s", n, args.dest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
