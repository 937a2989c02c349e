#!/usr/bin/env python3
"""Upload bat detector recordings to the county bat group's survey portal.

Walks a folder of full-spectrum WAV files (AudioMoth, SM4BAT, Echo Meter),
reads the GUANO metadata block where present, opens an upload session on the
portal and sends each recording with its metadata. A local ledger
(uploaded.json) keeps re-runs from sending the same file twice.

The API key is read from BATPORTAL_API_KEY.
"""

import argparse
import json
import logging
import os
import socket
import struct
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("batupload")

PORTAL = os.environ.get("BATPORTAL_URL", "https://portal.batsurvey.example.org/api/v2")
LEDGER = Path("uploaded.json")
RETRIES = 3


def read_guano(path):
    """Return the GUANO metadata of a WAV file as a dict (empty if absent)."""
    meta = {}
    with open(path, "rb") as fh:
        riff, _size, wave = struct.unpack("<4sI4s", fh.read(12))
        if riff != b"RIFF" or wave != b"WAVE":
            return meta
        while True:
            head = fh.read(8)
            if len(head) < 8:
                break
            cid, clen = struct.unpack("<4sI", head)
            if cid == b"guan":
                text = fh.read(clen).decode("utf-8", errors="replace")
                for line in text.splitlines():
                    if ":" in line:
                        k, v = line.split(":", 1)
                        meta[k.strip()] = v.strip()
                break
            fh.seek(clen + (clen & 1), 1)
    return meta


def station_profile():
    return {
        "host": socket.gethostname(),
        "client": "batupload/1.4",
        "tz": time.strftime("%z"),
    }


class PortalClient:
    def __init__(self, base, api_key, survey_id):
        self.base = base.rstrip("/")
        self.survey_id = survey_id
        self.http = requests.Session()
        self.http.headers.update({"Authorization": f"Bearer {api_key}",
                                  "User-Agent": "batupload/1.4"})
        self.session_id = None

    def open_session(self):
        body = {"survey": self.survey_id, "station": station_profile()}
        r = self.http.post(f"{self.base}/sessions", json=body, timeout=30)
        r.raise_for_status()
        self.session_id = r.json()["session_id"]
        return self.session_id

    def upload(self, path, meta):
        url = f"{self.base}/sessions/{self.session_id}/recordings"
        for attempt in range(1, RETRIES + 1):
            try:
                with open(path, "rb") as fh:
                    r = self.http.post(url, files={"audio": (path.name, fh, "audio/wav")},
                                       data={"meta": json.dumps(meta)}, timeout=120)
                r.raise_for_status()
                return r.json().get("recording_id")
            except requests.RequestException as exc:
                log.warning("%s attempt %d failed: %s", path.name, attempt, exc)
                time.sleep(2 ** attempt)
        raise RuntimeError(f"giving up on {path}")


def load_ledger():
    return json.loads(LEDGER.read_text()) if LEDGER.exists() else {}


def main(argv=None):
    ap = argparse.ArgumentParser(description="Upload bat detector recordings")
    ap.add_argument("folder", type=Path)
    ap.add_argument("--survey", required=True, help="portal survey id")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    key = os.environ.get("BATPORTAL_API_KEY")
    if not key:
        log.error("set BATPORTAL_API_KEY first")
        return 2
    files = sorted(p for p in args.folder.rglob("*") if p.suffix.lower() == ".wav")
    ledger = load_ledger()
    todo = [p for p in files if str(p) not in ledger]
    if not todo:
        log.info("nothing new to upload")
        return 0

    client = PortalClient(PORTAL, key, args.survey)
    try:
        client.open_session()
    except requests.RequestException as exc:
        log.error("could not open upload session: %s", exc)
        return 1
    for path in todo:
        try:
            rec_id = client.upload(path, read_guano(path))
        except (RuntimeError, OSError) as exc:
            log.error("%s", exc)
            continue
        ledger[str(path)] = rec_id
        LEDGER.write_text(json.dumps(ledger, indent=1))
        log.info("uploaded %s -> %s", path.name, rec_id)
    return 0


if __name__ == "__main__":
    sys.exit(main())
