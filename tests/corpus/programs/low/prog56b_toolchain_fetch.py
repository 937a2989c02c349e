#!/usr/bin/env python3
"""Download a pinned toolchain bootstrap script for later manual review.

The script is stored under ./downloads next to a checksum report; it is not
executed here. Operators read it and run it themselves.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
from pathlib import Path

import requests

LOG = logging.getLogger("toolchain-fetch")

PINNED = {
    "rustup": {
        "url": "https://sh.rustup.rs",
        "sha256": None,
    },
    "nvm": {
        "url": "https://raw.githubusercontent.com/nvm-sh/nvm/v0.39.7/install.sh",
        "sha256": "8e45fa547f428e9196a5613efad3bfa4d4608b74ca870f930090598f5af5f643",
    },
}


class FetchError(RuntimeError):
    pass


def fetch(url: str, timeout: float) -> bytes:
    LOG.info("GET %s", url)
    resp = requests.get(url, timeout=timeout)
    if resp.status_code != 200:
        raise FetchError(f"{url}: HTTP {resp.status_code}")
    return resp.content


def store(name: str, body: bytes, dest: Path) -> Path:
    dest.mkdir(parents=True, exist_ok=True)
    target = dest / f"{name}-install.sh"
    target.write_bytes(body)
    os.chmod(target, 0o600)  # readable by us only; never marked executable
    return target


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("tools", nargs="*", default=sorted(PINNED))
    ap.add_argument("--dest", type=Path, default=Path("downloads"))
    ap.add_argument("--timeout", type=float, default=20.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    report = {}
    for tool in args.tools:
        spec = PINNED.get(tool)
        if spec is None:
            LOG.error("unknown tool %s", tool)
            continue
        try:
            body = fetch(spec["url"], args.timeout)
        except (requests.RequestException, FetchError) as exc:
            LOG.error("download failed: %s", exc)
            report[tool] = {"ok": False, "error": str(exc)}
            continue
        digest = hashlib.sha256(body).hexdigest()
        expected = spec["sha256"]
        matches = expected is None or digest == expected
        path = store(tool, body, args.dest)
        report[tool] = {"ok": matches, "path": str(path), "sha256": digest}
        if not matches:
            LOG.warning("%s checksum mismatch (got %s)", tool, digest)

    args.dest.mkdir(parents=True, exist_ok=True)
    (args.dest / "report.json").write_text(json.dumps(report, indent=2))
    for tool, info in report.items():
        if info.get("ok"):
            print(f"review {info['path']} then run it yourself: bash {info['path']}")
    return 0 if all(i.get("ok") for i in report.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
