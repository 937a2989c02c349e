#!/usr/bin/env python3
"""Push signed release APKs to the internal download mirrors used by the
field-test team (devices without Play Store access), and refresh the
index.json the mirror's landing page reads.

Mirror hosts are listed in mirrors.ini:

    [mirror:berlin]
    host = dl-ber.corp.acme.example
    user = apkpush
    root = /srv/apk/wallet
"""
import argparse
import configparser
import hashlib
import io
import json
import logging
import posixpath
import sys
from pathlib import Path

import paramiko

log = logging.getLogger("apk-mirror")


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            h.update(block)
    return h.hexdigest()


class MirrorSession:
    def __init__(self, name: str, section: configparser.SectionProxy):
        self.name = name
        self.host = section["host"]
        self.port = section.getint("port", 22)
        self.user = section.get("user", "apkpush")
        self.root = section.get("root", "/srv/apk")
        self.client = paramiko.SSHClient()
        self.client.load_system_host_keys()
        self.client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
        self.sftp = None

    def __enter__(self):
        self.client.connect(self.host, port=self.port, username=self.user,
                            allow_agent=True, look_for_keys=True, timeout=20)
        self.sftp = self.client.open_sftp()
        return self

    def __exit__(self, *exc):
        if self.sftp:
            self.sftp.close()
        self.client.close()

    def makedirs(self, path):
        parts = path.strip("/").split("/")
        cur = ""
        for part in parts:
            cur += "/" + part
            try:
                self.sftp.stat(cur)
            except FileNotFoundError:
                self.sftp.mkdir(cur)

    def read_index(self, release_dir):
        try:
            with self.sftp.open(posixpath.join(release_dir, "..", "index.json")) as fh:
                return json.load(fh)
        except (FileNotFoundError, json.JSONDecodeError):
            return {"releases": []}

    def push(self, apk: Path, version: str, digest: str) -> str:
        release_dir = posixpath.join(self.root, version)
        self.makedirs(release_dir)
        remote = posixpath.join(release_dir, apk.name)
        tmp = remote + ".uploading"
        self.sftp.put(str(apk), tmp, confirm=True)
        self.sftp.posix_rename(tmp, remote)
        self.sftp.chmod(remote, 0o644)

        index = self.read_index(release_dir)
        index["releases"] = [r for r in index["releases"] if r.get("version") != version]
        index["releases"].insert(0, {"version": version, "file": f"{version}/{apk.name}",
                                     "sha256": digest, "size": apk.stat().st_size})
        data = json.dumps(index, indent=2).encode()
        self.sftp.putfo(io.BytesIO(data), posixpath.join(self.root, "index.json"))
        return remote


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("apk", type=Path)
    ap.add_argument("--version", required=True)
    ap.add_argument("--config", type=Path, default=Path("mirrors.ini"))
    ap.add_argument("--only", help="push to one mirror by name")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s [%(name)s] %(message)s")
    logging.getLogger("paramiko").setLevel(logging.WARNING)

    cfg = configparser.ConfigParser()
    if not cfg.read(args.config):
        log.error("cannot read %s", args.config)
        return 2
    digest = sha256(args.apk)
    failures = 0
    for section in cfg.sections():
        if not section.startswith("mirror:"):
            continue
        name = section.split(":", 1)[1]
        if args.only and name != args.only:
            continue
        try:
            with MirrorSession(name, cfg[section]) as mirror:
                remote = mirror.push(args.apk, args.version, digest)
                log.info("%s: %s", name, remote)
        except (paramiko.SSHException, OSError) as exc:
            log.error("%s: push failed: %s", name, exc)
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
