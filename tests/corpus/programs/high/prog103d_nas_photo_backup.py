#!/usr/bin/env python3
"""Back up a wedding shoot from the card reader to the studio NAS.

Copies RAW and JPEG files from the memory card into
//<nas>/weddings/<year>/<couple>/, verifies every copy by SHA-256 and writes
a verification log next to the files. The NAS share is attached for the
duration of the copy and detached afterwards.
"""

import argparse
import configparser
import hashlib
import logging
import os
import shutil
import subprocess
import sys
from contextlib import contextmanager
from datetime import date
from pathlib import Path

log = logging.getLogger("nas-backup")

PHOTO_EXTS = {".cr3", ".cr2", ".nef", ".arw", ".raf", ".dng", ".jpg", ".jpeg"}


def load_settings(path):
    cp = configparser.ConfigParser()
    if not cp.read(path):
        raise SystemExit(f"settings file {path} not found")
    s = cp["nas"]
    return {
        "share": s.get("share", "//nas.studio.lan/weddings"),
        "mountpoint": Path(s.get("mountpoint", "nas_mount")).resolve(),
        "credentials": Path(s.get("credentials", "nas.credentials")).resolve(),
        "uid": os.getuid(),
        "gid": os.getgid(),
    }


def sha256(path, bufsize=4 << 20):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        while chunk := fh.read(bufsize):
            h.update(chunk)
    return h.hexdigest()


@contextmanager
def attached_share(settings):
    mp = settings["mountpoint"]
    mp.mkdir(parents=True, exist_ok=True)
    os.chmod(settings["credentials"], 0o600)
    opts = (f"credentials={settings['credentials']},uid={settings['uid']},"
            f"gid={settings['gid']},vers=3.0,iocharset=utf8")
    cmd = ["sudo", "mount", "-t", "cifs", settings["share"], str(mp), "-o", opts]
    log.info("attaching %s at %s", settings["share"], mp)
    res = subprocess.run(cmd, capture_output=True, text=True)
    if res.returncode != 0:
        raise RuntimeError(f"mount failed: {res.stderr.strip()}")
    try:
        yield mp
    finally:
        subprocess.run(["sync"])
        res = subprocess.run(["sudo", "umount", str(mp)], capture_output=True, text=True)
        if res.returncode != 0:
            log.warning("could not detach share: %s", res.stderr.strip())
        else:
            log.info("share detached")


def collect(card):
    for p in sorted(Path(card).rglob("*")):
        if p.is_file() and p.suffix.lower() in PHOTO_EXTS:
            yield p


def copy_and_verify(files, dest):
    dest.mkdir(parents=True, exist_ok=True)
    report, bad = [], 0
    for src in files:
        target = dest / src.name
        if target.exists() and target.stat().st_size == src.stat().st_size:
            report.append(f"SKIP  {src.name}")
            continue
        shutil.copy2(src, target)
        a, b = sha256(src), sha256(target)
        if a == b:
            report.append(f"OK    {a}  {src.name}")
        else:
            bad += 1
            report.append(f"BAD   {src.name}")
            log.error("checksum mismatch for %s", src.name)
    (dest / "VERIFY.txt").write_text("\n".join(report) + "\n")
    return len(report), bad


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("card", help="card mount, e.g. /media/$USER/EOS_DIGITAL")
    ap.add_argument("couple", help="couple folder name, e.g. amy-and-josh")
    ap.add_argument("--year", type=int, default=date.today().year)
    ap.add_argument("--settings", default="backup.ini")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    files = list(collect(args.card))
    if not files:
        log.error("no photos found on %s", args.card)
        return 1
    log.info("%d files to back up (%.1f GB)", len(files),
             sum(f.stat().st_size for f in files) / 1e9)

    settings = load_settings(args.settings)
    try:
        with attached_share(settings) as mp:
            total, bad = copy_and_verify(files, mp / str(args.year) / args.couple)
    except RuntimeError as exc:
        log.error("%s", exc)
        return 2
    log.info("%d files processed, %d failed verification", total, bad)
    return 0 if bad == 0 else 3


if __name__ == "__main__":
    sys.exit(main())
