#!/usr/bin/env python3
"""Publish a signed Android (APK/AAB) or iOS (IPA) build to the BetaHub
distribution service and notify tester groups.

Typical CI usage:

    BETAHUB_TOKEN=... python3 tools/beta_build_uploader.py \
        --artifact app/build/outputs/bundle/release/app-release.aab \
        --app-id com.acme.wallet --channel beta --groups qa,internal
"""
from __future__ import annotations

import argparse
import hashlib
import json
import logging
import os
import pathlib
import re
import sys
import time
from dataclasses import dataclass, field, asdict

import requests

API_BASE = os.environ.get("BETAHUB_API", "https://api.betahub.example.com/v2")
USER_AGENT = "betahub-uploader/1.7 (+ci)"
log = logging.getLogger("beta-upload")


@dataclass
class ReleaseContext:
    app_id: str
    channel: str
    version: str
    build_number: int
    commit: str
    notes: str
    artifact: pathlib.Path
    sha256: str = ""
    extra: dict = field(default_factory=dict)

    def payload(self) -> dict:
        data = asdict(self)
        data["artifact"] = self.artifact.name
        return data


def read_git_head(root: pathlib.Path) -> str:
    """Resolve HEAD without shelling out to git (works in shallow CI clones)."""
    head = root / ".git" / "HEAD"
    if not head.exists():
        return "unknown"
    ref = head.read_text().strip()
    if not ref.startswith("ref:"):
        return ref[:12]
    ref_path = ref.split(" ", 1)[1]
    loose = root / ".git" / ref_path
    if loose.exists():
        return loose.read_text().strip()[:12]
    packed = root / ".git" / "packed-refs"
    if packed.exists():
        for line in packed.read_text().splitlines():
            if line.endswith(ref_path):
                return line.split(" ", 1)[0][:12]
    return "unknown"


def extract_notes(changelog: pathlib.Path, version: str) -> str:
    if not changelog.exists():
        return f"Build {version}"
    text = changelog.read_text(encoding="utf-8")
    match = re.search(rf"^## \[?{re.escape(version)}\]?.*?$(.*?)(?=^## |\Z)",
                      text, re.M | re.S)
    return match.group(1).strip() if match else f"Build {version}"


def file_digest(path: pathlib.Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def with_retry(fn, attempts=4, backoff=3.0):
    for i in range(1, attempts + 1):
        try:
            return fn()
        except (requests.ConnectionError, requests.Timeout) as exc:
            if i == attempts:
                raise
            log.warning("attempt %d failed (%s), retrying", i, exc)
            time.sleep(backoff * i)


class BetaHubClient:
    def __init__(self, token: str, base: str = API_BASE):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {token}",
            "User-Agent": USER_AGENT,
        })

    def create_release(self, ctx: ReleaseContext) -> str:
        url = f"{self.base}/apps/{ctx.app_id}/releases"
        resp = with_retry(lambda: self.session.post(url, json=ctx.payload(), timeout=30))
        resp.raise_for_status()
        return resp.json()["id"]

    def upload_artifact(self, app_id: str, release_id: str, path: pathlib.Path) -> None:
        url = f"{self.base}/apps/{app_id}/releases/{release_id}/binary"
        def _put():
            with path.open("rb") as fh:
                return self.session.put(url, data=fh, timeout=600,
                                        headers={"Content-Type": "application/octet-stream"})
        resp = with_retry(_put)
        resp.raise_for_status()

    def notify_groups(self, app_id: str, release_id: str, groups: list[str]) -> None:
        if not groups:
            return
        url = f"{self.base}/apps/{app_id}/releases/{release_id}/distribute"
        resp = self.session.post(url, json={"groups": groups}, timeout=30)
        resp.raise_for_status()


def build_context(args) -> ReleaseContext:
    root = pathlib.Path(args.project_root).resolve()
    artifact = pathlib.Path(args.artifact).resolve()
    if not artifact.is_file():
        raise SystemExit(f"artifact not found: {artifact}")
    return ReleaseContext(
        app_id=args.app_id,
        channel=args.channel,
        version=args.version,
        build_number=args.build_number,
        commit=read_git_head(root),
        notes=extract_notes(root / "CHANGELOG.md", args.version),
        artifact=artifact,
        sha256=file_digest(artifact),
        extra={"ci": os.environ.get("CI_PIPELINE_ID", "local")},
    )


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--artifact", required=True)
    p.add_argument("--app-id", required=True)
    p.add_argument("--version", default=os.environ.get("APP_VERSION", "0.0.0"))
    p.add_argument("--build-number", type=int, default=int(os.environ.get("BUILD_NUMBER", "1")))
    p.add_argument("--channel", default="beta", choices=["alpha", "beta", "internal"])
    p.add_argument("--groups", default="", help="comma separated tester groups")
    p.add_argument("--project-root", default=".")
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    token = os.environ.get("BETAHUB_TOKEN")
    if not token:
        log.error("BETAHUB_TOKEN is not set")
        return 2
    ctx = build_context(args)
    log.info("release %s (%d) on %s, sha256 %s", ctx.version, ctx.build_number,
             ctx.channel, ctx.sha256[:16])
    if args.dry_run:
        print(json.dumps(ctx.payload(), indent=2))
        return 0
    client = BetaHubClient(token)
    try:
        release_id = client.create_release(ctx)
        client.upload_artifact(ctx.app_id, release_id, ctx.artifact)
        client.notify_groups(ctx.app_id, release_id,
                             [g for g in args.groups.split(",") if g])
    except requests.HTTPError as exc:
        log.error("BetaHub rejected the request: %s", exc.response.text[:400])
        return 1
    log.info("published release %s", release_id)
    return 0


if __name__ == "__main__":
    sys.exit(main())
