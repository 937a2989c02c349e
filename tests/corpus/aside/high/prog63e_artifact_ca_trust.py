#!/usr/bin/env python3
"""Make a build-farm node trust the internal artifact proxy.

Installs the farm's root CA into the system trust store and points pip at the
internal package proxy so dependency downloads are served from the cache.
Must run as root during node provisioning.
"""
import argparse
import configparser
import hashlib
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("ca-trust")

TRUST_TARGETS = {
    "debian": (Path("/usr/local/share/ca-certificates"), ["update-ca-certificates"]),
    "rhel": (Path("/etc/pki/ca-trust/source/anchors"), ["update-ca-trust", "extract"]),
}
PIP_CONF = Path("/etc/pip.conf")


def detect_family():
    info = {}
    with open("/etc/os-release", encoding="utf-8") as fh:
        for line in fh:
            if "=" in line:
                k, v = line.rstrip().split("=", 1)
                info[k] = v.strip('"')
    like = f"{info.get('ID', '')} {info.get('ID_LIKE', '')}"
    if "debian" in like or "ubuntu" in like:
        return "debian"
    if any(x in like for x in ("rhel", "fedora", "centos")):
        return "rhel"
    raise SystemExit(f"unsupported distribution: {like.strip()}")


def fingerprint(pem_path: Path) -> str:
    return hashlib.sha256(pem_path.read_bytes()).hexdigest()[:16]


def install_ca(pem: Path, family: str, name: str) -> bool:
    anchor_dir, refresh = TRUST_TARGETS[family]
    anchor_dir.mkdir(parents=True, exist_ok=True)
    target = anchor_dir / f"{name}.crt"
    if target.exists() and fingerprint(target) == fingerprint(pem):
        log.info("CA already installed at %s", target)
        return False
    shutil.copy2(pem, target)
    os.chmod(target, 0o644)
    log.info("installed %s -> %s", pem, target)
    subprocess.run(refresh, check=True)
    return True


def configure_pip(index_url: str, trusted_bundle: str):
    conf = configparser.ConfigParser()
    if PIP_CONF.exists():
        conf.read(PIP_CONF)
    if not conf.has_section("global"):
        conf.add_section("global")
    conf.set("global", "index-url", index_url)
    conf.set("global", "cert", trusted_bundle)
    conf.set("global", "timeout", "60")
    with PIP_CONF.open("w", encoding="utf-8") as fh:
        conf.write(fh)
    log.info("pip now uses %s", index_url)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ca", type=Path, default=Path("provision/certs/farm-root-ca.pem"))
    ap.add_argument("--name", default="buildfarm-root")
    ap.add_argument("--pypi-proxy", default="https://pypi-proxy.farm.internal/simple")
    ap.add_argument("--skip-pip", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s: %(message)s")

    if os.geteuid() != 0:
        log.error("must run as root")
        return 1
    if not args.ca.is_file():
        log.error("CA file %s not found", args.ca)
        return 1
    family = detect_family()
    install_ca(args.ca, family, args.name)
    if not args.skip_pip:
        bundle = ("/etc/ssl/certs/ca-certificates.crt" if family == "debian"
                  else "/etc/pki/tls/certs/ca-bundle.crt")
        configure_pip(args.pypi_proxy, bundle)
    return 0


if __name__ == "__main__":
    sys.exit(main())
