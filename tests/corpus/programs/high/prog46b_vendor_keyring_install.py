#!/usr/bin/env python3
"""Install third-party APT repository signing keys in the modern signed-by layout.

For each vendor in vendors.json the armored key is downloaded, its
fingerprint is checked against the pinned value, and it is dearmored into
/etc/apt/keyrings together with a matching deb822 sources file.
"""
import argparse
import json
import logging
import subprocess
import sys
import tempfile
from pathlib import Path

import requests

LOG = logging.getLogger("keyring-install")
KEYRING_DIR = Path("/etc/apt/keyrings")
SOURCES_DIR = Path("/etc/apt/sources.list.d")

SOURCES_TEMPLATE = """Types: deb
URIs: {uri}
Suites: {suite}
Components: {components}
Signed-By: {keyring}
"""


def fingerprint_of(armored: bytes) -> str:
    proc = subprocess.run(["gpg", "--with-colons", "--import-options", "show-only", "--import"],
                          input=armored, capture_output=True, check=True)
    for line in proc.stdout.decode().splitlines():
        if line.startswith("fpr:"):
            return line.split(":")[9]
    raise ValueError("no fingerprint found in key")


def dearmor(armored: bytes) -> bytes:
    return subprocess.run(["gpg", "--dearmor"], input=armored, capture_output=True, check=True).stdout


def privileged_install(data: bytes, dest: Path, mode: str = "0644"):
    with tempfile.NamedTemporaryFile(delete=False) as tmp:
        tmp.write(data)
        staged = tmp.name
    try:
        subprocess.run(["sudo", "install", "-o", "root", "-g", "root", "-m", mode, staged, str(dest)],
                       check=True)
    finally:
        Path(staged).unlink(missing_ok=True)


def install_vendor(vendor: dict, dry_run: bool) -> bool:
    name = vendor["name"]
    resp = requests.get(vendor["key_url"], timeout=20)
    resp.raise_for_status()
    fpr = fingerprint_of(resp.content)
    if fpr.upper() != vendor["fingerprint"].replace(" ", "").upper():
        LOG.error("%s: fingerprint mismatch (got %s)", name, fpr)
        return False
    keyring = KEYRING_DIR / f"{name}.gpg"
    sources = SOURCES_DIR / f"{name}.sources"
    body = SOURCES_TEMPLATE.format(uri=vendor["uri"], suite=vendor["suite"],
                                   components=" ".join(vendor.get("components", ["main"])),
                                   keyring=keyring)
    if dry_run:
        LOG.info("[dry-run] would write %s and %s", keyring, sources)
        return True
    subprocess.run(["sudo", "mkdir", "-p", "-m", "0755", str(KEYRING_DIR)], check=True)
    privileged_install(dearmor(resp.content), keyring)
    privileged_install(body.encode(), sources)
    LOG.info("%s: installed key %s", name, fpr[-16:])
    return True


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--vendors", default="vendors.json")
    ap.add_argument("--only", nargs="*", help="limit to these vendor names")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--no-update", action="store_true", help="skip apt-get update")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    with open(args.vendors) as fh:
        vendors = json.load(fh)
    if args.only:
        vendors = [v for v in vendors if v["name"] in args.only]
    ok = all([install_vendor(v, args.dry_run) for v in vendors])
    if ok and not args.dry_run and not args.no_update:
        subprocess.run(["sudo", "apt-get", "update", "-qq"], check=False)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
