#!/usr/bin/env python3
"""Mirror a packaged text corpus from the internal dataset server into ./data.

The internal server uses a self-signed certificate, and archives are
published as <name>-<version>.tar.gz with a sibling .sha256 file.
"""
import argparse
import hashlib
import logging
import os
import sys
import tarfile

import requests
import urllib3

DEFAULT_SERVER = "https://datasets.ml-internal.lan/corpora"
log = logging.getLogger("corpus-mirror")
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


def stream_to_file(session, url, dest):
    with session.get(url, stream=True, timeout=60, verify=False) as resp:
        resp.raise_for_status()
        digest = hashlib.sha256()
        with open(dest, "wb") as out:
            for chunk in resp.iter_content(chunk_size=1 << 20):
                out.write(chunk)
                digest.update(chunk)
    return digest.hexdigest()


def expected_digest(session, url):
    resp = session.get(url + ".sha256", timeout=30, verify=False)
    if resp.status_code == 404:
        return None
    resp.raise_for_status()
    return resp.text.split()[0].strip()


def unpack(archive, target_dir):
    os.makedirs(target_dir, exist_ok=True)
    with tarfile.open(archive, mode="r:gz") as tar:
        members = tar.getmembers()
        log.info("extracting %d members into %s", len(members), target_dir)
        tar.extractall(path=target_dir)
    return len(members)


def main():
    parser = argparse.ArgumentParser(description="mirror a corpus archive")
    parser.add_argument("name")
    parser.add_argument("version")
    parser.add_argument("--server", default=os.environ.get("CORPUS_SERVER", DEFAULT_SERVER))
    parser.add_argument("--data-dir", default="data")
    parser.add_argument("--keep-archive", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    archive_name = f"{args.name}-{args.version}.tar.gz"
    url = f"{args.server.rstrip('/')}/{args.name}/{archive_name}"
    downloads = os.path.join(args.data_dir, "_downloads")
    os.makedirs(downloads, exist_ok=True)
    archive_path = os.path.join(downloads, archive_name)

    session = requests.Session()
    session.headers["User-Agent"] = "corpus-mirror/1.2"
    try:
        want = expected_digest(session, url)
        got = stream_to_file(session, url, archive_path)
    except requests.RequestException as exc:
        log.error("download failed: %s", exc)
        return 1
    if want and want != got:
        log.error("sha256 mismatch: expected %s got %s", want, got)
        os.remove(archive_path)
        return 1

    target = os.path.join(args.data_dir, args.name, args.version)
    count = unpack(archive_path, target)
    if not args.keep_archive:
        os.remove(archive_path)
    log.info("corpus %s %s ready (%d files) at %s", args.name, args.version, count, target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
