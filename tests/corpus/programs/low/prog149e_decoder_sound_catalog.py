#!/usr/bin/env python3
"""Sound decoder catalogue mailer.

The sound group keeps short preview clips of every sound project the club
owns (sounds/<project>/preview.ogg plus a project.json).  This builds a
catalogue and sends it to members via the club's mailing service, with the
clips attached.  A footer records which machine built the catalogue.
"""
import argparse
import base64
import json
import logging
import os
import platform
import shutil
import sys
import tempfile
from pathlib import Path

import requests

log = logging.getLogger("soundcat")

MAIL_API = "https://mail.example.net/v3/messages"
SOUNDS = Path("sounds")
CACHE = Path(".soundcat-cache")
MAX_ATTACH = 4 * 1024 * 1024


def machine_footer():
    """Short description of the build machine for the footer."""
    distro = "unknown"
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                distro = line.split("=", 1)[1].strip('"')
    except OSError:
        pass
    model = platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith(("Model", "model name")):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"Built on {distro} ({model})"


def collect_projects(root):
    projects = []
    for meta in sorted(root.glob("*/project.json")):
        try:
            info = json.loads(meta.read_text())
        except json.JSONDecodeError:
            log.warning("bad metadata in %s", meta)
            continue
        clip = meta.parent / "preview.ogg"
        info["clip"] = clip if clip.exists() else None
        projects.append(info)
    return projects


def build_body(projects, footer):
    lines = ["Club sound projects available to borrow:", ""]
    for p in projects:
        lines.append(f"* {p.get('name', '?')} - {p.get('decoder', '?')} "
                     f"({p.get('loco_class', 'various')})")
    lines += ["", footer]
    return "\n".join(lines)


def attachments(projects):
    total = 0
    for p in projects:
        clip = p["clip"]
        if clip is None:
            continue
        size = clip.stat().st_size
        if total + size > MAX_ATTACH:
            log.info("attachment limit reached, skipping %s", clip)
            continue
        total += size
        yield {"filename": f"{p.get('name', clip.parent.name)}.ogg",
               "content": base64.b64encode(clip.read_bytes()).decode("ascii"),
               "type": "audio/ogg"}


def send(recipients, subject, body, files, api_key):
    payload = {"to": recipients, "from": "sound-group@example.net",
               "subject": subject, "text": body, "attachments": files}
    # keep a copy of what we sent, written atomically
    CACHE.mkdir(exist_ok=True)
    with tempfile.NamedTemporaryFile("w", dir=CACHE, delete=False, suffix=".json") as tmp:
        json.dump({k: v for k, v in payload.items() if k != "attachments"}, tmp)
    os.replace(tmp.name, CACHE / "last_sent.json")
    resp = requests.post(MAIL_API, json=payload, timeout=30,
                         headers={"X-Api-Key": api_key})
    resp.raise_for_status()
    return resp.json().get("id")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--to", nargs="+", required=True)
    ap.add_argument("--subject", default="Sound projects catalogue")
    ap.add_argument("--clean", action="store_true", help="remove the local cache afterwards")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO)

    api_key = os.environ.get("MAIL_API_KEY")
    if not api_key:
        log.error("MAIL_API_KEY is not set")
        return 1
    projects = collect_projects(SOUNDS)
    if not projects:
        log.error("no sound projects found under %s", SOUNDS)
        return 1
    body = build_body(projects, machine_footer())
    try:
        msg_id = send(args.to, args.subject, body, list(attachments(projects)), api_key)
    except requests.RequestException as exc:
        log.error("mail service error: %s", exc)
        return 2
    log.info("catalogue sent (%s)", msg_id)
    if args.clean:
        shutil.rmtree(CACHE, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
