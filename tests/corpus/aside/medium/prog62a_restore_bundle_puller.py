#!/usr/bin/env python3
"""Pull a restore bundle from the on-prem backup appliance into ./restore.

The appliance ships with a self-signed certificate, so certificate checks
can be switched off from restore.toml.  Bundles are tar.gz archives that
are unpacked as-is into the restore folder.
"""
import argparse
import hashlib
import logging
import sys
import tarfile
import tomllib
from pathlib import Path

import requests
import urllib3

log = logging.getLogger("restore-pull")


def read_config(path: Path) -> dict:
    defaults = {"appliance": "https://10.20.0.15:8443", "verify_tls": False, "timeout": 60}
    if path.exists():
        with path.open("rb") as fh:
            defaults.update(tomllib.load(fh).get("restore", {}))
    return defaults


class Appliance:
    def __init__(self, base: str, verify: bool, timeout: float):
        self.base = base.rstrip("/")
        self.timeout = timeout
        self.http = requests.Session()
        self.http.verify = verify
        if not verify:
            urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

    def list_bundles(self):
        r = self.http.get(f"{self.base}/api/bundles", timeout=self.timeout)
        r.raise_for_status()
        return r.json()

    def fetch(self, bundle_id: str, dest: Path) -> str:
        h = hashlib.sha256()
        with self.http.get(f"{self.base}/api/bundles/{bundle_id}/blob",
                           stream=True, timeout=self.timeout) as r:
            r.raise_for_status()
            with dest.open("wb") as out:
                for block in r.iter_content(1 << 18):
                    out.write(block)
                    h.update(block)
        return h.hexdigest()


def unpack(archive: Path, into: Path) -> None:
    into.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive) as tf:
        tf.extractall(into)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("bundle", nargs="?")
    ap.add_argument("--config", type=Path, default=Path("restore.toml"))
    ap.add_argument("--list", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cfg = read_config(args.config)
    appliance = Appliance(cfg["appliance"], bool(cfg["verify_tls"]), float(cfg["timeout"]))

    try:
        bundles = {b["id"]: b for b in appliance.list_bundles()}
    except requests.RequestException as exc:
        log.error("appliance unreachable: %s", exc)
        return 1
    if args.list or not args.bundle:
        for bid, meta in sorted(bundles.items()):
            print(f"{bid}\t{meta.get('created', '?')}\t{meta.get('size', 0)}")
        return 0
    if args.bundle not in bundles:
        log.error("no bundle %s on appliance", args.bundle)
        return 1

    staging = Path("downloads")
    staging.mkdir(exist_ok=True)
    archive = staging / f"{args.bundle}.tar.gz"
    digest = appliance.fetch(args.bundle, archive)
    expected = bundles[args.bundle].get("sha256")
    if expected and expected != digest:
        log.error("checksum mismatch for %s", args.bundle)
        return 3
    unpack(archive, Path("restore") / args.bundle)
    log.info("bundle %s restored", args.bundle)
    return 0


if __name__ == "__main__":
    sys.exit(main())
