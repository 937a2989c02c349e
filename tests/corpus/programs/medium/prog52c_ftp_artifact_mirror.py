#!/usr/bin/env python3
"""Mirror release artefacts from ./dist to the lab's anonymous FTP drop.

The old test rigs on the bench network can only fetch firmware over FTP, so
each release is pushed there with a checksum manifest next to it.
"""
import argparse
import configparser
import ftplib
import hashlib
import io
import logging
from pathlib import Path

log = logging.getLogger("ftpmirror")

DEFAULTS = {
    "host": "ftp.bench.lab.internal",
    "port": "21",
    "remote_root": "/incoming/releases",
    "patterns": "*.bin,*.hex,*.tar.gz",
}


def load_config(path):
    cfg = configparser.ConfigParser(defaults=DEFAULTS)
    cfg.read(path)
    section = cfg["mirror"] if cfg.has_section("mirror") else cfg.defaults()
    return {k: section.get(k, DEFAULTS[k]) for k in DEFAULTS}


def collect(dist_dir, patterns):
    files = []
    for pat in patterns:
        files.extend(sorted(Path(dist_dir).glob(pat.strip())))
    return files


def sha256_of(path):
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 16), b""):
            digest.update(block)
    return digest.hexdigest()


def ensure_remote_dir(ftp, path):
    for part in [p for p in path.split("/") if p]:
        try:
            ftp.cwd(part)
        except ftplib.error_perm:
            ftp.mkd(part)
            ftp.cwd(part)


def push(cfg, version, files, dry_run=False):
    manifest = io.StringIO()
    for f in files:
        manifest.write(f"{sha256_of(f)}  {f.name}\n")
    if dry_run:
        log.info("dry run, would upload:\n%s", manifest.getvalue())
        return
    with ftplib.FTP() as ftp:
        ftp.connect(cfg["host"], int(cfg["port"]), timeout=30)
        ftp.login()  # anonymous drop box
        ftp.set_pasv(True)
        ftp.cwd("/")
        ensure_remote_dir(ftp, f"{cfg['remote_root']}/{version}")
        for f in files:
            with open(f, "rb") as fh:
                log.info("STOR %s (%d bytes)", f.name, f.stat().st_size)
                ftp.storbinary(f"STOR {f.name}", fh, blocksize=64 * 1024)
        ftp.storlines("STOR SHA256SUMS",
                      io.BytesIO(manifest.getvalue().encode()))
        log.info("remote listing: %s", ftp.nlst())


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("version")
    ap.add_argument("--dist", default="dist")
    ap.add_argument("--config", default="mirror.ini")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cfg = load_config(args.config)
    files = collect(args.dist, cfg["patterns"].split(","))
    if not files:
        log.error("nothing to upload in %s", args.dist)
        return 1
    try:
        push(cfg, args.version, files, args.dry_run)
    except ftplib.all_errors as exc:
        log.error("upload failed: %s", exc)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
