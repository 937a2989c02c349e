#!/usr/bin/env python3
"""Register signed rider waivers with the membership platform.

Scanned waiver PDFs land in ./waivers/<membership-no>/. For audit, the
platform only stores a SHA-256 digest and a short base64 thumbnail of the
first bytes, never the document itself. This builds that manifest and
posts it to the platform's waiver endpoint.
"""
import argparse
import base64
import hashlib
import json
import logging
import os
import urllib.request
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("waiver-digest")

API_URL = os.environ.get("MEMBERS_API_URL", "https://members.example.org/api/v2/waivers")
WAIVER_DIR = Path("waivers")
STATE_FILE = Path(".waiver-digest-state.json")


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            h.update(block)
    return h.hexdigest()


def load_state():
    if STATE_FILE.exists():
        return json.loads(STATE_FILE.read_text())
    return {}


def save_state(state):
    STATE_FILE.write_text(json.dumps(state, indent=1))
    os.chmod(STATE_FILE, 0o600)


def build_manifest(state):
    entries = []
    for pdf in sorted(WAIVER_DIR.glob("*/*.pdf")):
        digest = sha256_file(pdf)
        if state.get(str(pdf)) == digest:
            continue
        head = pdf.read_bytes()[:48]
        entries.append({
            "membership_no": pdf.parent.name,
            "file": pdf.name,
            "sha256": digest,
            "size": pdf.stat().st_size,
            "head_b64": base64.b64encode(head).decode("ascii"),
            "scanned_at": datetime.fromtimestamp(pdf.stat().st_mtime, timezone.utc).isoformat(),
        })
    return entries


def post_manifest(entries, api_key):
    body = json.dumps({"waivers": entries}).encode("utf-8")
    req = urllib.request.Request(API_URL, data=body, method="POST", headers={
        "Content-Type": "application/json",
        "Authorization": f"Bearer {api_key}",
    })
    with urllib.request.urlopen(req, timeout=20) as resp:
        return json.load(resp)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    api_key = os.environ.get("MEMBERS_API_KEY")
    if not api_key and not args.dry_run:
        log.error("MEMBERS_API_KEY is not set")
        return 2
    state = load_state()
    entries = build_manifest(state)
    if not entries:
        log.info("no new waivers")
        return 0
    if args.dry_run:
        print(json.dumps(entries, indent=2))
        return 0
    result = post_manifest(entries, api_key)
    for e in entries:
        state[str(WAIVER_DIR / e["membership_no"] / e["file"])] = e["sha256"]
    save_state(state)
    log.info("registered %d waivers (platform accepted %s)", len(entries), result.get("accepted"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
