#!/usr/bin/env python3
"""Firmware updater for the Raspberry Pi based home gateway image.

Checks the release manifest, compares it with the running build from
/etc/os-release, downloads and verifies a newer kernel/initramfs pair and
stages it on the boot partition so the next reboot picks it up. The old
pair is kept as a fallback entry.
"""
import argparse
import hashlib
import logging
import shutil
import sys
from pathlib import Path

import requests

log = logging.getLogger("fw-stage")

MANIFEST_URL = "https://releases.homegw.example.org/rpi4/stable/manifest.json"
BOOT_DIR = Path("/boot/firmware")
CACHE_DIR = Path("downloads")


def running_build(path="/etc/os-release"):
    info = {}
    with open(path) as fh:
        for line in fh:
            if "=" in line:
                k, v = line.rstrip("\n").split("=", 1)
                info[k] = v.strip('"')
    return info.get("BUILD_ID") or info.get("VERSION_ID", "0")


def version_tuple(v):
    return tuple(int(p) if p.isdigit() else 0 for p in v.replace("-", ".").split("."))


def fetch_manifest(session, url):
    r = session.get(url, timeout=20)
    r.raise_for_status()
    return r.json()


def download(session, url, dest, sha256):
    dest.parent.mkdir(parents=True, exist_ok=True)
    if dest.exists() and _digest(dest) == sha256:
        log.info("%s already downloaded", dest.name)
        return dest
    h = hashlib.sha256()
    with session.get(url, stream=True, timeout=60) as r, open(dest, "wb") as fh:
        r.raise_for_status()
        for chunk in r.iter_content(1 << 16):
            fh.write(chunk)
            h.update(chunk)
    if h.hexdigest() != sha256:
        dest.unlink()
        raise ValueError(f"checksum mismatch for {dest.name}")
    log.info("downloaded %s", dest.name)
    return dest


def _digest(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()


class BootStager:
    def __init__(self, boot_dir):
        self.boot = boot_dir
        self.config = boot_dir / "config.txt"

    def _set_keys(self, text, updates):
        out, done = [], set()
        for line in text.splitlines():
            key = line.split("=", 1)[0].strip()
            if key in updates:
                out.append(f"{key}={updates[key]}")
                done.add(key)
            else:
                out.append(line)
        out += [f"{k}={v}" for k, v in updates.items() if k not in done]
        return "\n".join(out) + "\n"

    def stage(self, kernel, initrd, build):
        if not self.config.exists():
            raise FileNotFoundError(f"{self.config} not found; is the boot partition mounted?")
        k_name, i_name = f"kernel-{build}.img", f"initrd-{build}.img"
        shutil.copy2(kernel, self.boot / k_name)
        shutil.copy2(initrd, self.boot / i_name)
        backup = self.config.with_suffix(".txt.prev")
        shutil.copy2(self.config, backup)
        new = self._set_keys(self.config.read_text(),
                             {"kernel": k_name, "initramfs": f"{i_name} followkernel"})
        self.config.write_text(new)
        log.info("staged build %s in %s (previous config in %s)", build, self.boot, backup.name)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--manifest", default=MANIFEST_URL)
    ap.add_argument("--boot-dir", type=Path, default=BOOT_DIR)
    ap.add_argument("--channel", default="stable")
    ap.add_argument("--check-only", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    current = running_build()
    session = requests.Session()
    session.headers["User-Agent"] = f"homegw-fw/{current}"
    try:
        manifest = fetch_manifest(session, args.manifest.replace("/stable/", f"/{args.channel}/"))
    except (requests.RequestException, ValueError) as exc:
        log.error("manifest unavailable: %s", exc)
        return 1

    latest = manifest["build"]
    if version_tuple(latest) <= version_tuple(current):
        log.info("running %s, nothing newer than %s", current, latest)
        return 0
    log.info("update available: %s -> %s", current, latest)
    if args.check_only:
        return 10

    try:
        files = {}
        for role in ("kernel", "initrd"):
            entry = manifest["files"][role]
            files[role] = download(session, entry["url"], CACHE_DIR / Path(entry["url"]).name,
                                   entry["sha256"])
        BootStager(args.boot_dir).stage(files["kernel"], files["initrd"], latest)
    except (requests.RequestException, ValueError, KeyError) as exc:
        log.error("update aborted: %s", exc)
        return 2
    except PermissionError as exc:
        log.error("cannot write boot partition (run as root): %s", exc)
        return 3
    log.info("reboot to activate %s", latest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
