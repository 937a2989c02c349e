#!/usr/bin/env python3
"""Mirror vendor firmware images from the lab's FTP drop into ./firmware.

The vendor only offers anonymous plain FTP on the lab network. Files already present
with matching size are skipped; a SHA-256 manifest is written afterwards.
"""
import argparse
import configparser
import ftplib
import hashlib
import logging
import os
import posixpath
import sys

log = logging.getLogger("fwmirror")
DEFAULTS = {"host": "ftp.lab.internal", "user": "anonymous", "password": "fwmirror@lab",
            "remote_dir": "/pub/firmware", "patterns": ".bin,.img,.fw"}


def load_config(path):
    cfg = configparser.ConfigParser(defaults=DEFAULTS)
    cfg.read(path)
    section = cfg["mirror"] if cfg.has_section("mirror") else cfg["DEFAULT"]
    return {k: section.get(k) for k in DEFAULTS}


def walk(ftp, top):
    stack = [top]
    while stack:
        current = stack.pop()
        try:
            entries = list(ftp.mlsd(current, facts=["type", "size"]))
        except ftplib.error_perm:
            log.warning("cannot list %s", current)
            continue
        for name, facts in entries:
            if name in (".", ".."):
                continue
            full = posixpath.join(current, name)
            if facts.get("type") == "dir":
                stack.append(full)
            elif facts.get("type") == "file":
                yield full, int(facts.get("size", -1))


def fetch(ftp, remote, local, size):
    if os.path.exists(local) and os.path.getsize(local) == size:
        log.debug("up to date: %s", local)
        return False
    os.makedirs(os.path.dirname(local), exist_ok=True)
    partial = local + ".part"
    with open(partial, "wb") as fh:
        ftp.retrbinary(f"RETR {remote}", fh.write, blocksize=64 * 1024)
    os.replace(partial, local)
    return True


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config", default="fwmirror.ini")
    ap.add_argument("-d", "--dest", default="firmware")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    cfg = load_config(args.config)
    suffixes = tuple(s.strip() for s in cfg["patterns"].split(",") if s.strip())
    fetched = []
    try:
        with ftplib.FTP(cfg["host"], timeout=30) as ftp:
            ftp.login(cfg["user"], cfg["password"])
            ftp.set_pasv(True)
            for remote, size in walk(ftp, cfg["remote_dir"]):
                if not remote.endswith(suffixes):
                    continue
                rel = posixpath.relpath(remote, cfg["remote_dir"])
                local = os.path.join(args.dest, *rel.split("/"))
                if fetch(ftp, remote, local, size):
                    log.info("fetched %s (%d bytes)", rel, size)
                    fetched.append(local)
    except (ftplib.all_errors) as exc:
        log.error("FTP error: %s", exc)
        return 1

    with open(os.path.join(args.dest, "SHA256SUMS"), "w") as out:
        for root, _dirs, files in os.walk(args.dest):
            for name in sorted(files):
                if name == "SHA256SUMS" or name.endswith(".part"):
                    continue
                path = os.path.join(root, name)
                out.write(f"{sha256(path)}  {os.path.relpath(path, args.dest)}\n")
    log.info("%d new file(s); manifest updated", len(fetched))
    return 0


if __name__ == "__main__":
    sys.exit(main())
