#!/usr/bin/env python3
"""Generate apt configuration for the internal package mirror.

Fetches the mirror's armored signing key, checks it against the pinned
fingerprint-of-file from mirror.ini, and writes a deb822 .sources entry that
uses ``Signed-By`` into ./apt-config/, laid out like /etc/apt so the config
management repo can vendor it as-is.
"""
import argparse
import configparser
import hashlib
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("aptmirror")

TARGET_KEYRING_DIR = "/etc/apt/keyrings"

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


def write_file(path, data, mode=0o644):
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name("." + path.name + ".new")
    tmp.write_bytes(data)
    os.chmod(tmp, mode)
    os.replace(tmp, path)
    log.info("wrote %s", path)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="mirror.ini")
    ap.add_argument("-o", "--out-dir", default="apt-config")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cfg = load_settings(args.config)
    key = fetch_key(cfg["key_url"])
    digest = verify_key(key, cfg["key_sha256"])
    log.info("signing key sha256 %s", digest)

    keyring = f"{TARGET_KEYRING_DIR}/{cfg['name']}.asc"
    sources = SOURCES_TEMPLATE.format(keyring=keyring, **cfg)
    if args.dry_run:
        print(sources)
        return 0

    out = Path(args.out_dir)
    write_file(out / "keyrings" / f"{cfg['name']}.asc", key)
    write_file(out / "sources.list.d" / f"{cfg['name']}.sources", sources.encode())
    write_file(out / "manifest.json", json.dumps({
        "mirror": cfg["uri"], "key_sha256": digest,
        "files": ["keyrings/%s.asc" % cfg["name"], "sources.list.d/%s.sources" % cfg["name"]],
    }, indent=2).encode())
    log.info("apt config for %s ready under %s/", cfg["uri"], out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
