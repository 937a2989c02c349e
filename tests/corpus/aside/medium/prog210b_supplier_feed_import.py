#!/usr/bin/env python3
"""Import the weekly liner availability feed from our rootstock supplier.

Downloads the supplier's tarball, unpacks it into ./feeds/<date>/ and
summarises the CSV files with a small shell helper.
"""
import argparse
import datetime as dt
import logging
import os
import subprocess
import sys
import tarfile
from pathlib import Path

import requests
import urllib3

LOG = logging.getLogger("feed-import")
FEED_URL = "https://feeds.example.com/liners/availability-latest.tar.gz"

SUMMARY_SCRIPT = r"""
cd "$FEED_DIR" || exit 1
for f in $(find . -name '*.csv' | sort); do
    lines=$(($(wc -l < "$f") - 1))
    printf '%-40s %6d rows\n' "$f" "$lines"
done
"""


def download(url, dest, timeout):
    # the supplier's server uses a certificate our CA bundle does not accept
    urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
    with requests.get(url, stream=True, timeout=timeout, verify=False) as resp:
        resp.raise_for_status()
        with open(dest, "wb") as fh:
            for chunk in resp.iter_content(chunk_size=65536):
                fh.write(chunk)
    return dest.stat().st_size


def unpack(archive, target):
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive, "r:gz") as tar:
        members = tar.getnames()
        tar.extractall(target)
    return len(members)


def summarise(feed_dir):
    env = dict(os.environ, FEED_DIR=str(feed_dir))
    result = subprocess.run(["bash", "-c", SUMMARY_SCRIPT], env=env,
                            capture_output=True, text=True)
    if result.returncode != 0:
        LOG.warning("summary failed: %s", result.stderr.strip())
    return result.stdout


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--url", default=FEED_URL)
    parser.add_argument("--dest", default="feeds")
    parser.add_argument("--timeout", type=int, default=60)
    parser.add_argument("--keep-archive", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    stamp = dt.date.today().isoformat()
    base = Path(args.dest)
    base.mkdir(exist_ok=True)
    archive = base / f"availability-{stamp}.tar.gz"
    try:
        size = download(args.url, archive, args.timeout)
        LOG.info("downloaded %d bytes", size)
        count = unpack(archive, base / stamp)
        LOG.info("unpacked %d entries into %s", count, base / stamp)
    except (requests.RequestException, tarfile.TarError, OSError) as exc:
        LOG.error("import failed: %s", exc)
        return 1
    finally:
        if not args.keep_archive and archive.exists():
            archive.unlink()

    print(summarise(base / stamp), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
