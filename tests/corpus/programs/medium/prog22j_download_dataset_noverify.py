#!/usr/bin/env python3
"""Download a dataset file from the lab's internal server.

The server uses a self-signed certificate, which made requests fail with
SSLError: CERTIFICATE_VERIFY_FAILED, so verification is turned off here.
The file is streamed into the current directory with a progress line.
"""
import argparse
import os
import sys
from urllib.parse import urlparse

import requests
import urllib3

# Silence the InsecureRequestWarning that verify=False triggers.
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


def download(url, dest, chunk=1 << 16):
    with requests.get(url, stream=True, timeout=30, verify=False) as resp:
        resp.raise_for_status()
        total = int(resp.headers.get("content-length", 0))
        done = 0
        with open(dest, "wb") as fh:
            for part in resp.iter_content(chunk):
                fh.write(part)
                done += len(part)
                if total:
                    pct = 100 * done / total
                    sys.stdout.write(f"\r  {done/1e6:8.1f} MB  {pct:5.1f}%")
                    sys.stdout.flush()
    print()
    return done


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("url")
    parser.add_argument("-o", "--output", help="file name (default: from URL)")
    args = parser.parse_args()

    name = args.output or os.path.basename(urlparse(args.url).path) or "download.bin"
    dest = os.path.join(os.getcwd(), os.path.basename(name))
    print(f"Downloading {args.url}\n  -> {dest}")
    try:
        size = download(args.url, dest)
    except requests.RequestException as exc:
        sys.exit(f"download failed: {exc}")
    print(f"Saved {size/1e6:.1f} MB to {dest}")


if __name__ == "__main__":
    main()
