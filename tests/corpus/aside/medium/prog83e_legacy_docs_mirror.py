#!/usr/bin/env python3
"""Push the built docs to the legacy mirror used by on-prem customers.

Some enterprise customers still read docs from the old mirror host, which
only exposes FTP. This uploads the ``site/`` tree, skipping files whose
size and mtime match the manifest from the previous upload.
"""
import argparse
import ftplib
import json
import logging
import os
import posixpath
import sys
from pathlib import Path

log = logging.getLogger("mirror")

MANIFEST = Path(".mirror-manifest.json")


class MirrorUploader:
    def __init__(self, host, user, password, remote_root, passive=True):
        self.host = host
        self.remote_root = remote_root.rstrip("/")
        self.ftp = ftplib.FTP(timeout=60)
        self.ftp.connect(host, 21)
        self.ftp.login(user, password)
        self.ftp.set_pasv(passive)
        self._known_dirs = set()
        log.info("connected to %s: %s", host, self.ftp.getwelcome().splitlines()[0])

    def ensure_dir(self, remote_dir):
        if remote_dir in self._known_dirs or remote_dir in ("", "/"):
            return
        self.ensure_dir(posixpath.dirname(remote_dir))
        try:
            self.ftp.mkd(remote_dir)
        except ftplib.error_perm as exc:
            if not str(exc).startswith("550"):
                raise
        self._known_dirs.add(remote_dir)

    def upload(self, local_path, rel):
        remote = posixpath.join(self.remote_root, rel)
        self.ensure_dir(posixpath.dirname(remote))
        with open(local_path, "rb") as fh:
            self.ftp.storbinary(f"STOR {remote}", fh, blocksize=64 * 1024)

    def close(self):
        try:
            self.ftp.quit()
        except ftplib.all_errors:
            self.ftp.close()


def load_manifest():
    if MANIFEST.exists():
        return json.loads(MANIFEST.read_text())
    return {}


def changed_files(site_dir, manifest):
    for path in sorted(Path(site_dir).rglob("*")):
        if not path.is_file():
            continue
        rel = path.relative_to(site_dir).as_posix()
        st = path.stat()
        sig = [st.st_size, int(st.st_mtime)]
        if manifest.get(rel) != sig:
            yield path, rel, sig


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--site", default="site")
    ap.add_argument("--host", default=os.environ.get("MIRROR_HOST", "mirror.docs.internal"))
    ap.add_argument("--user", default=os.environ.get("MIRROR_USER", "docs"))
    ap.add_argument("--remote-root", default="/pub/docs/latest")
    ap.add_argument("--active", action="store_true", help="use active mode (old firewalls)")
    ap.add_argument("--full", action="store_true", help="ignore the manifest, upload everything")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    password = os.environ.get("MIRROR_PASSWORD")
    if not password:
        log.error("MIRROR_PASSWORD is not set")
        return 2

    manifest = {} if args.full else load_manifest()
    pending = list(changed_files(args.site, manifest))
    if not pending:
        log.info("mirror is up to date")
        return 0

    try:
        uploader = MirrorUploader(args.host, args.user, password, args.remote_root, not args.active)
    except (ftplib.all_errors) as exc:
        log.error("cannot connect to %s: %s", args.host, exc)
        return 1

    failed = 0
    try:
        for path, rel, sig in pending:
            try:
                uploader.upload(path, rel)
                manifest[rel] = sig
                log.debug("uploaded %s", rel)
            except ftplib.all_errors as exc:
                failed += 1
                log.warning("failed %s: %s", rel, exc)
    finally:
        uploader.close()
        MANIFEST.write_text(json.dumps(manifest, indent=0, sort_keys=True))

    log.info("uploaded %d files, %d failures", len(pending) - failed, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
