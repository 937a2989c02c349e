#!/usr/bin/env python3
"""Rotate the project's Brightline API key through the vendor's key API.

The current admin token is read from BRIGHTLINE_ADMIN_TOKEN and is only ever
sent to the Brightline API. The freshly issued key is written to
./.secrets/brightline.key (owner-only) for the app to pick up.
"""
import argparse
import datetime as dt
import json
import logging
import os
import sys
from pathlib import Path

import httpx

API_BASE = "https://api.brightline.io/v2"
LOG = logging.getLogger("rotate")


class RotationError(RuntimeError):
    pass


class KeyApi:
    def __init__(self, admin_token: str, timeout: float = 15.0):
        self._client = httpx.Client(
            base_url=API_BASE,
            headers={"Authorization": f"Bearer {admin_token}",
                     "Accept": "application/json"},
            timeout=timeout,
        )

    def list_keys(self, project: str):
        resp = self._client.get(f"/projects/{project}/keys")
        resp.raise_for_status()
        return resp.json().get("keys", [])

    def issue_key(self, project: str, label: str):
        body = {"label": label, "scopes": ["read", "write"], "ttl_days": 90}
        resp = self._client.post(f"/projects/{project}/keys", json=body)
        if resp.status_code != 201:
            raise RotationError(f"issue failed: {resp.status_code} {resp.text[:200]}")
        return resp.json()

    def revoke_key(self, project: str, key_id: str):
        resp = self._client.post(f"/projects/{project}/keys/{key_id}/revoke", json={})
        resp.raise_for_status()

    def close(self):
        self._client.close()


def store_locally(secret: str, key_id: str, out_dir: Path):
    out_dir.mkdir(exist_ok=True)
    key_file = out_dir / "brightline.key"
    meta_file = out_dir / "brightline.meta.json"
    key_file.write_text(secret + "\n")
    os.chmod(key_file, 0o600)
    meta_file.write_text(json.dumps({
        "key_id": key_id,
        "rotated_at": dt.datetime.now(dt.timezone.utc).isoformat(),
    }, indent=2))
    LOG.info("new key stored in %s", key_file)


def main():
    parser = argparse.ArgumentParser(description="rotate Brightline API key")
    parser.add_argument("project")
    parser.add_argument("--keep", type=int, default=1,
                        help="number of older keys to leave active")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    token = os.environ.get("BRIGHTLINE_ADMIN_TOKEN")
    if not token:
        LOG.error("BRIGHTLINE_ADMIN_TOKEN is not set")
        return 2

    api = KeyApi(token)
    try:
        existing = sorted(api.list_keys(args.project), key=lambda k: k["created_at"])
        LOG.info("%d active keys for %s", len(existing), args.project)
        if args.dry_run:
            return 0
        label = "auto-" + dt.date.today().isoformat()
        issued = api.issue_key(args.project, label)
        store_locally(issued["secret"], issued["id"], Path(".secrets"))
        stale = existing[:-args.keep] if args.keep else existing
        for key in stale:
            LOG.info("revoking %s (%s)", key["id"], key.get("label"))
            api.revoke_key(args.project, key["id"])
    except (httpx.HTTPError, RotationError) as exc:
        LOG.error("rotation aborted: %s", exc)
        return 1
    finally:
        api.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
