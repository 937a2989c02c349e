#!/usr/bin/env python3
"""Point apt at the internal package mirror.

Fetches the mirror's armored signing key, checks it against the pinned
fingerprint-of-file from mirror.ini, and installs a deb822 .sources entry
that uses ``Signed-By`` so the key is only trusted for this repository.
"""
import argparse
import configparser
import hashlib
import logging
import os
import sys
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("aptmirror")

KEYRING_DIR = Path("/etc/apt/keyrings")
SOURCES_DIR = Path("/etc/apt/sources.list.d")

SOURCES_TEMPLATE = """\
Types: deb
URIs: {uri}
Suites: {suites}
Components: {components}
Architectures: {arch}
Signed-By: {keyring}
"""


def load_settings(path):
    cp = configparser.ConfigParser()
    if not cp.read(path):
        raise SystemExit(f"cannot read {path}")
    s = cp["mirror"]
    return {
        "name": s.get("name", "internal-mirror"),
        "uri": s["uri"].rstrip("/"),
        "key_url": s.get("key_url", s["uri"].rstrip("/") + "/mirror-key.asc"),
        "key_sha256": s.get("key_sha256", "").lower(),
        "suites": s.get("suites", "stable"),
        "components": s.get("components", "main"),
        "arch": s.get("arch", "amd64"),
    }


def fetch_key(url, retries=3):
    last = None
    for attempt in range(1, retries + 1):
        try:
            with urllib.request.urlopen(url, timeout=15) as resp:
                return resp.read()
        except (urllib.error.URLError, OSError) as exc:
            last = exc
            log.warning("key fetch attempt %d failed: %s", attempt, exc)
    raise SystemExit(f"could not fetch signing key: {last}")


def verify_key(blob, expected):
    if not blob.startswith(b"-----BEGIN PGP PUBLIC KEY BLOCK-----"):
        raise SystemExit("downloaded key is not an armored public key")
    digest = hashlib.sha256(blob).hexdigest()
    if expected and digest != expected:
        raise SystemExit(f"key digest mismatch: {digest} != {expected}")
    return digest


def install_file(path, data, mode=0o644):
    tmp = path.with_name("." + path.name + ".new")
    tmp.write_bytes(data)
    os.chmod(tmp, mode)
    os.chown(tmp, 0, 0)
    os.replace(tmp, path)
    log.info("installed %s", path)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="mirror.ini")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cfg = load_settings(args.config)
    key = fetch_key(cfg["key_url"])
    digest = verify_key(key, cfg["key_sha256"])
    log.info("signing key sha256 %s", digest)

    keyring = KEYRING_DIR / f"{cfg['name']}.asc"
    sources = SOURCES_TEMPLATE.format(keyring=keyring, **cfg)
    if args.dry_run:
        print(sources)
        return 0
    if os.geteuid() != 0:
        log.error("must run as root to update apt configuration")
        return 1

    KEYRING_DIR.mkdir(mode=0o755, parents=True, exist_ok=True)
    install_file(keyring, key)
    install_file(SOURCES_DIR / f"{cfg['name']}.sources", sources.encode())
    log.info("run 'apt-get update' to pick up %s", cfg["uri"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
