#!/usr/bin/env python3
"""Download build artefacts from the internal artefact server.

The internal server uses a self-signed certificate, so TLS verification
is switched off.  Files are streamed into ./downloads and checked against
an optional SHA-256 digest.  Downloaded files are only saved, never run.
"""
import argparse
import hashlib
import logging
import sys
from pathlib import Path
from urllib.parse import urlparse

import requests
import urllib3

log = logging.getLogger("fetch")

urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
DEST = Path("downloads")
CHUNK = 1 << 16


def target_path(url: str, name) -> Path:
    filename = name or Path(urlparse(url).path).name or "download.bin"
    return DEST / Path(filename).name


def download(url: str, dest: Path, timeout: float) -> str:
    DEST.mkdir(exist_ok=True)
    digest = hashlib.sha256()
    tmp = dest.with_suffix(dest.suffix + ".part")
    with requests.get(url, stream=True, timeout=timeout, verify=False) as resp:
        resp.raise_for_status()
        total = int(resp.headers.get("Content-Length", 0))
        received = 0
        with tmp.open("wb") as fh:
            for chunk in resp.iter_content(CHUNK):
                fh.write(chunk)
                digest.update(chunk)
                received += len(chunk)
                if total:
                    log.debug("%s: %d/%d bytes", dest.name, received, total)
    tmp.replace(dest)
    return digest.hexdigest()


def read_url_list(path: Path) -> list:
    urls = []
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            parts = line.split()
            urls.append((parts[0], parts[1] if len(parts) > 1 else None))
    return urls


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Fetch artefacts from the internal server")
    src = ap.add_mutually_exclusive_group(required=True)
    src.add_argument("--url", help="single URL to download")
    src.add_argument("--list", type=Path, help="file of 'URL [sha256]' lines")
    ap.add_argument("--sha256", help="expected digest for --url")
    ap.add_argument("-o", "--output", help="file name for --url")
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        jobs = [(args.url, args.sha256)] if args.url else read_url_list(args.list)
    except OSError as exc:
        log.error("%s", exc)
        return 2
    failed = 0
    for url, expected in jobs:
        dest = target_path(url, args.output if args.url else None)
        try:
            actual = download(url, dest, args.timeout)
        except (requests.RequestException, OSError) as exc:
            log.error("%s: %s", url, exc)
            failed += 1
            continue
        if expected and actual.lower() != expected.lower():
            log.error("%s: checksum mismatch (got %s)", dest.name, actual)
            dest.unlink(missing_ok=True)
            failed += 1
            continue
        log.info("saved %s (sha256 %s)", dest, actual[:16])
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
