#!/usr/bin/env python3
"""Mirror the "Client Portal" folder of the firm file server to the portal.

Paralegals save client-facing documents to \\\\FS01\\ClientPortal\\<client code>.
This job attaches that share read-only, copies anything new into
./portal_staging (so there is a local record of exactly what was published),
uploads the new files to the client portal and detaches the share again.

Run from the records workstation's scheduler or by hand:
    portal_share_mirror.py --config share_mirror.toml
"""
import argparse
import hashlib
import json
import logging
import os
import shutil
import subprocess
import sys
import tomllib
from contextlib import contextmanager
from pathlib import Path

import requests

log = logging.getLogger("share-mirror")
STATE_FILE = Path("portal_staging/.published.json")


def load_config(path: Path) -> dict:
    with path.open("rb") as fh:
        cfg = tomllib.load(fh)
    share = cfg.setdefault("share", {})
    share.setdefault("unc", "//fs01.firm.local/ClientPortal")
    share.setdefault("mountpoint", "/mnt/client_portal")
    share.setdefault("credentials", str(Path.home() / ".config/share-mirror/smb.cred"))
    share.setdefault("vers", "3.0")
    cfg.setdefault("portal", {}).setdefault("base", "https://portal.example-law.com")
    return cfg


def _mount_command(share: dict) -> list:
    opts = [
        "ro",
        f"vers={share['vers']}",
        f"credentials={share['credentials']}",
        f"uid={os.getuid()}",
        f"gid={os.getgid()}",
        "file_mode=0640",
        "dir_mode=0750",
    ]
    return ["mount", "-t", "cifs", share["unc"], share["mountpoint"], "-o", ",".join(opts)]


@contextmanager
def attached_share(share: dict):
    mnt = Path(share["mountpoint"])
    already = os.path.ismount(mnt)
    if not already:
        subprocess.run(["sudo", "-n", "mkdir", "-p", str(mnt)], check=True)
        log.info("attaching %s at %s", share["unc"], mnt)
        subprocess.run(["sudo", "-n"] + _mount_command(share), check=True)
    try:
        yield mnt
    finally:
        if not already:
            subprocess.run(["sudo", "-n", "umount", str(mnt)], check=False)
            log.info("detached %s", mnt)


def file_digest(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def new_files(root: Path, published: dict):
    for client_dir in sorted(p for p in root.iterdir() if p.is_dir()):
        for f in sorted(client_dir.rglob("*")):
            if not f.is_file() or f.name.startswith(("~$", ".")):
                continue
            digest = file_digest(f)
            if published.get(str(f.relative_to(root))) != digest:
                yield client_dir.name, f, digest


def upload(session: requests.Session, base: str, client_code: str, path: Path) -> None:
    with path.open("rb") as fh:
        r = session.put(f"{base}/api/v1/clients/{client_code}/documents/{path.name}",
                        data=fh, timeout=300,
                        headers={"Content-Type": "application/octet-stream"})
    r.raise_for_status()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", type=Path, default=Path("share_mirror.toml"))
    ap.add_argument("--no-upload", action="store_true", help="stage files only")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)

    STATE_FILE.parent.mkdir(exist_ok=True)
    published = json.loads(STATE_FILE.read_text()) if STATE_FILE.exists() else {}
    session = requests.Session()
    session.headers["Authorization"] = f"Bearer {os.environ.get('PORTAL_TOKEN', '')}"

    count = errors = 0
    try:
        with attached_share(cfg["share"]) as root:
            for client_code, src, digest in new_files(root, published):
                rel = src.relative_to(root)
                staged = STATE_FILE.parent / rel
                staged.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(src, staged)
                if not args.no_upload:
                    try:
                        upload(session, cfg["portal"]["base"], client_code, staged)
                    except requests.RequestException as exc:
                        log.error("upload of %s failed: %s", rel, exc)
                        errors += 1
                        continue
                published[str(rel)] = digest
                count += 1
    except subprocess.CalledProcessError as exc:
        log.error("could not attach the share: %s", exc)
        return 2
    finally:
        STATE_FILE.write_text(json.dumps(published, indent=1))
    log.info("published %d new file(s), %d error(s)", count, errors)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
