#!/usr/bin/env python3
"""Archive finished calligraphy scans to the studio NAS.

Mounts the studio's SMB share, copies high-resolution scans from ./scans
into <share>/<year>/<client>/ (skipping files already archived with the
same checksum) and unmounts again.  Share details come from
nas_archive.toml in the working directory; the password is read from the
NAS_PASSWORD environment variable and passed to mount.cifs via a
credentials file that only this user can read.
"""
import argparse
import hashlib
import logging
import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
from contextlib import contextmanager
from pathlib import Path

log = logging.getLogger("scan-archive")

DEFAULTS = {"server": "nas.studio.lan", "share": "archive", "user": "studio",
            "mountpoint": "/mnt/studio-archive", "vers": "3.0"}
SCAN_TYPES = {".tif", ".tiff", ".png", ".jpg", ".pdf"}


def load_conf(path):
    conf = dict(DEFAULTS)
    if path.exists():
        with path.open("rb") as fh:
            conf.update(tomllib.load(fh).get("nas", {}))
    return conf


def sha256(path):
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def elevate(argv):
    """Run argv with a graphical auth prompt on desktop stations."""
    cmd = ["pkexec", "--disable-internal-agent", *argv]
    log.debug("running %s", " ".join(cmd))
    return subprocess.run(cmd, capture_output=True, text=True)


@contextmanager
def mounted(conf):
    mnt = Path(conf["mountpoint"])
    with tempfile.NamedTemporaryFile("w", delete=False, prefix="nascred-") as cred:
        os.chmod(cred.name, 0o600)
        cred.write(f"username={conf['user']}\npassword={os.environ.get('NAS_PASSWORD', '')}\n")
    try:
        if not mnt.is_dir():
            elevate(["mkdir", "-p", str(mnt)])
        opts = (f"credentials={cred.name},uid={os.getuid()},gid={os.getgid()},"
                f"vers={conf['vers']},file_mode=0640,dir_mode=0750")
        proc = elevate(["mount", "-t", "cifs", f"//{conf['server']}/{conf['share']}",
                        str(mnt), "-o", opts])
        if proc.returncode:
            raise RuntimeError(f"mount failed: {proc.stderr.strip()}")
        log.info("mounted //%s/%s on %s", conf["server"], conf["share"], mnt)
        yield mnt
    finally:
        os.unlink(cred.name)
        if os.path.ismount(mnt):
            elevate(["umount", str(mnt)])
            log.info("unmounted %s", mnt)


def archive(scans, dest_root, client, year):
    target = dest_root / str(year) / client
    target.mkdir(parents=True, exist_ok=True)
    copied = skipped = 0
    for src in sorted(scans.iterdir()):
        if src.suffix.lower() not in SCAN_TYPES:
            continue
        dst = target / src.name
        if dst.exists() and sha256(dst) == sha256(src):
            skipped += 1
            continue
        shutil.copy2(src, dst)
        copied += 1
        log.debug("copied %s", src.name)
    return copied, skipped


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("client")
    ap.add_argument("--year", type=int, default=2024)
    ap.add_argument("--scans", type=Path, default=Path("scans"))
    ap.add_argument("--config", type=Path, default=Path("nas_archive.toml"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not args.scans.is_dir():
        log.error("no scans folder at %s", args.scans)
        return 1
    conf = load_conf(args.config)
    try:
        with mounted(conf) as mnt:
            copied, skipped = archive(args.scans, mnt, args.client, args.year)
    except (RuntimeError, OSError) as exc:
        log.error("%s", exc)
        return 1
    log.info("archived %d scans (%d already present)", copied, skipped)
    return 0


if __name__ == "__main__":
    sys.exit(main())
