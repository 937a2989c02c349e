#!/usr/bin/env python3
"""Fetch mould drawing bundles from the pattern supplier's portal.

The supplier publishes each bell's cope and core drawings as a .tar.gz
bundle.  The portal runs on an internally issued certificate, so the
workshop client does not check it.
"""
import argparse
import hashlib
import logging
import os
import tarfile
from dataclasses import dataclass
from pathlib import Path

import requests
import urllib3

log = logging.getLogger("drawing-fetch")

urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


@dataclass
class Portal:
    base: str = os.environ.get("PATTERN_PORTAL", "https://portal.example.com/patterns")
    token: str = os.environ.get("PATTERN_PORTAL_TOKEN", "")
    verify: bool = False
    timeout: int = 60

    def session(self):
        s = requests.Session()
        s.verify = self.verify
        if self.token:
            s.headers["Authorization"] = f"Bearer {self.token}"
        return s


def list_bundles(portal, sess, order):
    resp = sess.get(f"{portal.base}/orders/{order}/bundles", timeout=portal.timeout)
    resp.raise_for_status()
    return resp.json().get("bundles", [])


def download(portal, sess, bundle, dest):
    target = dest / bundle["file"]
    with sess.get(f"{portal.base}/files/{bundle['file']}", stream=True,
                  timeout=portal.timeout) as resp:
        resp.raise_for_status()
        digest = hashlib.sha256()
        with open(target, "wb") as fh:
            for chunk in resp.iter_content(65536):
                fh.write(chunk)
                digest.update(chunk)
    if bundle.get("sha256") and digest.hexdigest() != bundle["sha256"]:
        target.unlink()
        raise ValueError(f"checksum mismatch for {bundle['file']}")
    return target


def unpack(archive, dest):
    out = dest / archive.name.replace(".tar.gz", "")
    out.mkdir(exist_ok=True)
    with tarfile.open(archive, "r:gz") as tf:
        tf.extractall(out)
    return out


def main():
    ap = argparse.ArgumentParser(description="Fetch mould drawing bundles")
    ap.add_argument("order", help="bell order number, e.g. 2024-117")
    ap.add_argument("--dest", default="drawings")
    ap.add_argument("--keep-archives", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    portal = Portal()
    dest = Path(args.dest)
    dest.mkdir(parents=True, exist_ok=True)
    sess = portal.session()
    try:
        bundles = list_bundles(portal, sess, args.order)
    except requests.RequestException as exc:
        log.error("portal unavailable: %s", exc)
        return 1

    for bundle in bundles:
        try:
            archive = download(portal, sess, bundle, dest)
            folder = unpack(archive, dest)
            log.info("%s -> %s", bundle["file"], folder)
            if not args.keep_archives:
                archive.unlink()
        except (requests.RequestException, ValueError, tarfile.TarError) as exc:
            log.warning("bundle %s failed: %s", bundle.get("file"), exc)
    log.info("%d bundle(s) processed for order %s", len(bundles), args.order)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
