#!/usr/bin/env python3
"""Install the deb822 .sources stanza and binary keyring for our apt repo.

Used on fresh build workers before the first `apt-get update`.  The signing
key is fetched from the published URL and dearmored in-process, so no gpg
binary is needed on the worker.
"""
import argparse
import base64
import configparser
import hashlib
import logging
import os
import sys
import textwrap
import urllib.request
from pathlib import Path

log = logging.getLogger("apt-source")

DEFAULTS = {
    "name": "platform",
    "uri": "https://apt.pkg.example.org/debian",
    "suites": "bookworm",
    "components": "main",
    "architectures": "amd64 arm64",
    "key_url": "https://apt.pkg.example.org/keys/archive-2025.asc",
    "key_sha256": "",
}


def load_config(path):
    cp = configparser.ConfigParser()
    cp["repo"] = DEFAULTS
    if path and Path(path).is_file():
        cp.read(path)
        log.debug("loaded %s", path)
    return dict(cp["repo"])


def fetch_armored_key(url, timeout=20):
    req = urllib.request.Request(url, headers={"User-Agent": "apt-source-gen/1.3"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        if resp.status != 200:
            raise RuntimeError(f"{url}: HTTP {resp.status}")
        return resp.read().decode("ascii")


def dearmor(armored):
    """Strip the ASCII armor and return the raw OpenPGP packets."""
    lines = armored.strip().splitlines()
    try:
        start = lines.index("-----BEGIN PGP PUBLIC KEY BLOCK-----")
        end = lines.index("-----END PGP PUBLIC KEY BLOCK-----")
    except ValueError:
        raise ValueError("not an armored public key block") from None
    body = lines[start + 1:end]
    while body and body[0].strip():          # armor headers (Comment:, Version:)
        body.pop(0)
    data = [ln for ln in body if ln.strip() and not ln.startswith("=")]
    return base64.b64decode("".join(data))


def render_sources(cfg, keyring_path):
    return textwrap.dedent(f"""\
        Types: deb
        URIs: {cfg['uri']}
        Suites: {cfg['suites']}
        Components: {cfg['components']}
        Architectures: {cfg['architectures']}
        Signed-By: {keyring_path}
        """)


def write_file(path, data, mode=0o644):
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".new")
    with open(tmp, "wb") as fh:
        fh.write(data if isinstance(data, bytes) else data.encode())
    os.chmod(tmp, mode)
    os.chown(tmp, 0, 0)
    os.replace(tmp, path)
    log.info("installed %s", path)


class SourceWriter:
    sources_dir = Path(os.environ.get("APT_SOURCES_DIR", "/etc/apt/sources.list.d"))
    keyring_dir = Path(os.environ.get("APT_KEYRING_DIR", "/usr/share/keyrings"))

    def __init__(self, cfg):
        self.cfg = cfg

    def retire_legacy(self):
        legacy = self.sources_dir / f"{self.cfg['name']}.list"
        if legacy.exists():
            legacy.rename(legacy.with_suffix(".list.disabled"))
            log.info("disabled legacy one-line source %s", legacy)

    def run(self, key_bytes):
        name = self.cfg["name"]
        keyring = self.keyring_dir / f"{name}-archive-keyring.gpg"
        sources = self.sources_dir / f"{name}.sources"
        write_file(keyring, key_bytes)
        write_file(sources, render_sources(self.cfg, keyring))
        self.retire_legacy()
        return sources, keyring


def main(argv=None):
    ap = argparse.ArgumentParser(description="install apt .sources + keyring")
    ap.add_argument("-c", "--config", default="apt-source.ini")
    ap.add_argument("--key-file", help="use a local armored key instead of key_url")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    try:
        armored = (Path(args.key_file).read_text() if args.key_file
                   else fetch_armored_key(cfg["key_url"]))
        key_bytes = dearmor(armored)
    except Exception as exc:  # network, armor or file errors
        log.error("could not obtain signing key: %s", exc)
        return 1

    digest = hashlib.sha256(key_bytes).hexdigest()
    if cfg["key_sha256"] and digest != cfg["key_sha256"].lower():
        log.error("key digest mismatch: got %s", digest)
        return 1
    log.info("key sha256 %s (%d bytes)", digest, len(key_bytes))

    try:
        SourceWriter(cfg).run(key_bytes)
    except PermissionError as exc:
        log.error("%s (run this on the worker as root)", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
