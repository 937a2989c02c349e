#!/usr/bin/env python3
"""Install a Minecraft modpack archive into the local server folder.

Downloads the pack listed in packs.json (or uses a local .tar.gz), verifies
its SHA-256 and unpacks it into ./server/."""
import argparse
import hashlib
import json
import os
import shutil
import sys
import tarfile

import requests

PACKS_FILE = "packs.json"
SERVER_DIR = "server"
DOWNLOAD_DIR = "downloads"


def load_packs():
    with open(PACKS_FILE, encoding="utf-8") as fh:
        return json.load(fh)


def sha256_file(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def download(url, dest):
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    with requests.get(url, stream=True, timeout=60) as resp:
        resp.raise_for_status()
        with open(dest, "wb") as fh:
            for chunk in resp.iter_content(1 << 16):
                fh.write(chunk)
    return dest


def backup_mods():
    mods = os.path.join(SERVER_DIR, "mods")
    if os.path.isdir(mods):
        backup = mods + ".previous"
        if os.path.isdir(backup):
            shutil.rmtree(backup)
        shutil.move(mods, backup)
        print(f"old mods moved to {backup}")


def unpack(archive):
    os.makedirs(SERVER_DIR, exist_ok=True)
    with tarfile.open(archive, "r:gz") as tar:
        members = tar.getnames()
        tar.extractall(SERVER_DIR)
    return members


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("pack", help="pack name from packs.json or path to .tar.gz")
    args = ap.parse_args()

    if os.path.isfile(args.pack):
        archive = args.pack
        expected = None
    else:
        packs = load_packs()
        if args.pack not in packs:
            print(f"unknown pack {args.pack}; known: {', '.join(packs)}", file=sys.stderr)
            return 1
        info = packs[args.pack]
        archive = os.path.join(DOWNLOAD_DIR, f"{args.pack}-{info['version']}.tar.gz")
        if not os.path.exists(archive):
            print(f"downloading {info['url']}")
            download(info["url"], archive)
        expected = info.get("sha256")

    if expected and sha256_file(archive) != expected:
        print("checksum mismatch, refusing to install", file=sys.stderr)
        return 1

    backup_mods()
    members = unpack(archive)
    jars = [m for m in members if m.endswith(".jar")]
    print(f"installed {len(members)} files ({len(jars)} mod jars) into {SERVER_DIR}/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
