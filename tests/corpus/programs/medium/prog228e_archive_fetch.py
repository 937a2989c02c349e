#!/usr/bin/env python3
"""Fetch archived shows from the partner station's archive server.

The partner shares weekly bundles (tar.gz with the audio plus cue sheets).
Their archive box runs a self-signed certificate, so verification is off
for that host. Bundles are unpacked into ./archive/<show>/.
"""
import argparse
import logging
import os
import sys
import tarfile

import requests
import urllib3

log = logging.getLogger("archive")

ARCHIVE = {
    "base": "https://archive.example.net/shared",
    "index": "index.json",
    "verify": False,  # partner's self-signed cert
    "timeout": 60,
}
DEST_ROOT = "archive"


class ArchiveClient:
    def __init__(self, cfg, token=None):
        self.cfg = cfg
        self.session = requests.Session()
        self.session.verify = cfg["verify"]
        if token:
            self.session.headers["Authorization"] = "Bearer " + token
        if not cfg["verify"]:
            urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

    def _url(self, name):
        return "{}/{}".format(self.cfg["base"].rstrip("/"), name)

    def index(self):
        r = self.session.get(self._url(self.cfg["index"]), timeout=self.cfg["timeout"])
        r.raise_for_status()
        return r.json()

    def download(self, name, dest):
        with self.session.get(self._url(name), stream=True,
                              timeout=self.cfg["timeout"]) as r:
            r.raise_for_status()
            with open(dest, "wb") as fh:
                for chunk in r.iter_content(chunk_size=1 << 16):
                    fh.write(chunk)
        return dest


def unpack(bundle, show):
    target = os.path.join(DEST_ROOT, show)
    os.makedirs(target, exist_ok=True)
    with tarfile.open(bundle, "r:*") as tf:
        members = tf.getmembers()
        log.info("%s: %d member(s)", bundle, len(members))
        tf.extractall(path=target)
    return target


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--show", help="only this show slug")
    ap.add_argument("--list", action="store_true", help="list bundles and exit")
    ap.add_argument("--keep", action="store_true", help="keep the .tar.gz files")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    client = ArchiveClient(ARCHIVE, token=os.environ.get("PARTNER_ARCHIVE_TOKEN"))
    try:
        entries = client.index()
    except requests.RequestException as exc:
        log.error("index failed: %s", exc)
        return 1

    wanted = [e for e in entries if not args.show or e.get("show") == args.show]
    if args.list:
        for e in wanted:
            print("{show:<24} {file}".format(**e))
        return 0

    os.makedirs(DEST_ROOT, exist_ok=True)
    failures = 0
    for e in wanted:
        local = os.path.join(DEST_ROOT, os.path.basename(e["file"]))
        try:
            client.download(e["file"], local)
            where = unpack(local, e["show"])
            log.info("unpacked into %s", where)
        except (requests.RequestException, tarfile.TarError, OSError) as exc:
            failures += 1
            log.error("%s: %s", e.get("file"), exc)
            continue
        if not args.keep:
            os.remove(local)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
