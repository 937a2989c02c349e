#!/usr/bin/env python3
"""Venue rider pack fetcher.

Many venues publish a "technical pack" (ground plan, lighting plot,
rider PDF) as a tarball on their website. This pulls the packs for the
venues on the current tour, unpacks them into a folder per venue and
notes which ones have changed since last time.
"""

import argparse
import hashlib
import io
import logging
import sys
import tarfile
from pathlib import Path

import requests
import urllib3
import yaml

log = logging.getLogger("rider-pack")

# several venue sites have expired or self-signed certificates
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


class TourConfig:
    """Tour file listing the venues and where their packs live."""

    def __init__(self, path: Path):
        with open(path, encoding="utf-8") as fh:
            self.data = yaml.load(fh, Loader=yaml.Loader) or {}

    @property
    def venues(self) -> dict:
        return self.data.get("venues", {})

    @property
    def out_dir(self) -> Path:
        return Path(self.data.get("out_dir", "venue_packs"))


def fetch_pack(url: str, timeout: float) -> bytes:
    resp = requests.get(url, timeout=timeout, verify=False)
    resp.raise_for_status()
    return resp.content


def unpack(data: bytes, dest: Path) -> int:
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:*") as tar:
        members = tar.getmembers()
        tar.extractall(dest)
    return len(members)


def changed(dest: Path, data: bytes) -> bool:
    digest = hashlib.sha256(data).hexdigest()
    marker = dest / ".pack_sha256"
    old = marker.read_text().strip() if marker.exists() else ""
    marker.parent.mkdir(parents=True, exist_ok=True)
    marker.write_text(digest)
    return digest != old


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("tour_file", type=Path, help="tour YAML file")
    parser.add_argument("--only", nargs="*", help="limit to these venue codes")
    parser.add_argument("--timeout", type=float, default=30.0)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        tour = TourConfig(args.tour_file)
    except (OSError, yaml.YAMLError) as exc:
        log.error("cannot read tour file: %s", exc)
        return 1

    updated, failed = [], []
    for code, info in tour.venues.items():
        if args.only and code not in args.only:
            continue
        url = info.get("pack_url")
        if not url:
            log.info("%s: no pack published", code)
            continue
        dest = tour.out_dir / code
        try:
            data = fetch_pack(url, args.timeout)
            if changed(dest, data):
                count = unpack(data, dest)
                updated.append(code)
                log.info("%s: %d file(s) unpacked", code, count)
            else:
                log.info("%s: unchanged", code)
        except (requests.RequestException, tarfile.TarError, OSError) as exc:
            log.error("%s: %s", code, exc)
            failed.append(code)

    if updated:
        print("Updated packs:", ", ".join(updated))
    if failed:
        print("Failed:", ", ".join(failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
