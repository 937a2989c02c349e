#!/usr/bin/env python3
"""Publish the group's static website (people, publications, news) over SFTP.

Reads ``labsite.toml`` from the current directory:

    [deploy]
    host = "web.physics.example.edu"
    user = "labweb"
    remote_root = "/srv/www/groups/quantum-optics"
    key_file = "~/.ssh/labweb_ed25519"
    build_dir = "public"

Only files whose size or mtime changed since the last upload are sent; the
upload state is kept in ``.labsite-state.json``.
"""
import argparse
import json
import logging
import os
import posixpath
import stat
import sys
import tomllib
from pathlib import Path

import paramiko

log = logging.getLogger("labsite")
STATE_FILE = Path(".labsite-state.json")


def load_config(path):
    with open(path, "rb") as fh:
        cfg = tomllib.load(fh)["deploy"]
    cfg.setdefault("port", 22)
    cfg.setdefault("build_dir", "public")
    cfg["key_file"] = os.path.expanduser(cfg.get("key_file", "~/.ssh/id_ed25519"))
    return cfg


class SiteUploader:
    def __init__(self, cfg, dry_run=False):
        self.cfg = cfg
        self.dry_run = dry_run
        self.client = paramiko.SSHClient()
        self.client.load_system_host_keys()
        # The web host is rebuilt from an image every term, so its key changes.
        self.client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
        self.sftp = None
        self.state = json.loads(STATE_FILE.read_text()) if STATE_FILE.exists() else {}

    def connect(self):
        self.client.connect(self.cfg["host"], port=self.cfg["port"],
                            username=self.cfg["user"], key_filename=self.cfg["key_file"],
                            timeout=20)
        self.sftp = self.client.open_sftp()
        log.info("connected to %s@%s", self.cfg["user"], self.cfg["host"])

    def _ensure_dir(self, remote_dir):
        parts = remote_dir.strip("/").split("/")
        cur = ""
        for part in parts:
            cur += "/" + part
            try:
                if not stat.S_ISDIR(self.sftp.stat(cur).st_mode):
                    raise RuntimeError(f"{cur} exists and is not a directory")
            except FileNotFoundError:
                self.sftp.mkdir(cur)

    def changed_files(self, build_dir):
        for path in sorted(build_dir.rglob("*")):
            if not path.is_file():
                continue
            st = path.stat()
            key = str(path.relative_to(build_dir))
            sig = [st.st_size, int(st.st_mtime)]
            if self.state.get(key) != sig:
                yield key, path, sig

    def upload(self):
        build_dir = Path(self.cfg["build_dir"])
        if not build_dir.is_dir():
            raise SystemExit(f"build directory {build_dir} missing; build the site first")
        sent = 0
        for key, path, sig in self.changed_files(build_dir):
            remote = posixpath.join(self.cfg["remote_root"], key.replace(os.sep, "/"))
            log.info("upload %s", key)
            if not self.dry_run:
                self._ensure_dir(posixpath.dirname(remote))
                self.sftp.put(str(path), remote)
                self.sftp.chmod(remote, 0o644)
                self.state[key] = sig
            sent += 1
        if not self.dry_run:
            STATE_FILE.write_text(json.dumps(self.state, indent=1))
        return sent

    def close(self):
        if self.sftp:
            self.sftp.close()
        self.client.close()


def main():
    ap = argparse.ArgumentParser(description="publish the lab website")
    ap.add_argument("-c", "--config", default="labsite.toml")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("--full", action="store_true", help="ignore upload state, send everything")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        cfg = load_config(args.config)
    except (OSError, KeyError) as exc:
        log.error("cannot read %s: %s", args.config, exc)
        return 1
    if args.full and STATE_FILE.exists():
        STATE_FILE.unlink()

    uploader = SiteUploader(cfg, dry_run=args.dry_run)
    try:
        uploader.connect()
        n = uploader.upload()
        log.info("%d file(s) %s", n, "would be sent" if args.dry_run else "published")
    except (paramiko.SSHException, OSError) as exc:
        log.error("deploy failed: %s", exc)
        return 1
    finally:
        uploader.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
