#!/usr/bin/env python3
"""Install pinned toolchains system-wide for shared build hosts.

Same pin file as the per-checkout unpacker, but the archives are verified
against their SHA-256, unpacked under ``/usr/local/lib/devtools`` and their
binaries linked into ``/usr/local/bin`` so every user on the build host gets
them.  Must be run as root (e.g. from the host provisioning job).
"""

import argparse
import configparser
import hashlib
import logging
import os
import shutil
import sys
import tarfile
import tempfile
from pathlib import Path

import requests

log = logging.getLogger("devtools-install")

MIRROR = os.environ.get("TOOLCHAIN_MIRROR", "https://artifacts.corp.example.net/toolchains")
INSTALL_ROOT = Path("/usr/local/lib/devtools")
BIN_DIR = Path("/usr/local/bin")


def read_pins(path):
    cfg = configparser.ConfigParser()
    if not cfg.read(path):
        raise SystemExit("cannot read %s" % path)
    for section in cfg.sections():
        entry = cfg[section]
        yield {
            "name": section,
            "version": entry["version"],
            "sha256": entry["sha256"],
            "archive": entry.get("archive", "{name}-{version}-linux-x64.tar.gz"),
            "bins": entry.get("bins", section).split(),
        }


def fetch_verified(session, url, expected_sha, workdir):
    target = Path(workdir) / url.rsplit("/", 1)[-1]
    digest = hashlib.sha256()
    with session.get(url, stream=True, timeout=120) as resp:
        resp.raise_for_status()
        with open(target, "wb") as fh:
            for chunk in resp.iter_content(1 << 16):
                digest.update(chunk)
                fh.write(chunk)
    if digest.hexdigest() != expected_sha.lower():
        raise ValueError("checksum mismatch for %s" % url)
    return target


def install_archive(archive, dest):
    staging = dest.with_name(dest.name + ".staging")
    if staging.exists():
        shutil.rmtree(staging)
    staging.mkdir(parents=True)
    with tarfile.open(archive) as tar:
        tar.extractall(staging, filter="data")
    children = list(staging.iterdir())
    root = children[0] if len(children) == 1 and children[0].is_dir() else staging
    if dest.exists():
        shutil.rmtree(dest)
    shutil.move(str(root), str(dest))
    if staging.exists():
        shutil.rmtree(staging)
    for path in dest.rglob("*"):
        os.chown(path, 0, 0, follow_symlinks=False)
    os.chmod(dest, 0o755)


def link_binaries(dest, bins):
    for name in bins:
        src = dest / "bin" / name
        if not src.exists():
            log.warning("%s has no bin/%s", dest.name, name)
            continue
        link = BIN_DIR / name
        if link.is_symlink() or link.exists():
            link.unlink()
        link.symlink_to(src)
        log.info("linked %s -> %s", link, src)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pins", default="toolchains.ini")
    ap.add_argument("--no-links", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if os.geteuid() != 0 and not args.dry_run:
        log.error("must run as root to write %s", INSTALL_ROOT)
        return 1

    pins = list(read_pins(args.pins))
    if args.dry_run:
        for pin in pins:
            print("would install %(name)s %(version)s" % pin)
        return 0

    INSTALL_ROOT.mkdir(parents=True, exist_ok=True)
    failures = 0
    with requests.Session() as session, tempfile.TemporaryDirectory() as work:
        for pin in pins:
            fname = pin["archive"].format(**pin)
            url = "/".join([MIRROR, pin["name"], pin["version"], fname])
            dest = INSTALL_ROOT / ("%s-%s" % (pin["name"], pin["version"]))
            try:
                archive = fetch_verified(session, url, pin["sha256"], work)
                install_archive(archive, dest)
                if not args.no_links:
                    link_binaries(dest, pin["bins"])
            except (requests.RequestException, ValueError, tarfile.TarError, OSError) as exc:
                log.error("%s: %s", pin["name"], exc)
                failures += 1
            else:
                log.info("installed %s", dest)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
