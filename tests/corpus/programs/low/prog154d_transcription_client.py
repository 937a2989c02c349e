#!/usr/bin/env python3
"""Send difficult register pages to the handwriting transcription service.

Pages the local OCR cannot read (faded ink, secretary hand) are sent to
the transcription service's API. The API key comes from the environment
and is only ever sent to that API.
"""
import argparse
import base64
import json
import logging
import os
import sys
import tempfile
from pathlib import Path

import requests

LOG = logging.getLogger("transcribe")

API_URL = os.environ.get("TRANSCRIBE_API_URL", "https://api.example.com/v1/transcriptions")
KEY_VAR = "TRANSCRIBE_API_KEY"
ALLOWED = {".jpg", ".jpeg", ".png", ".tif", ".tiff"}


class TranscriptionClient:
    def __init__(self, api_url: str, api_key: str, timeout: int = 120):
        self.api_url = api_url
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Content-Type": "application/json",
        })

    def transcribe(self, image: Path, hint: str) -> dict:
        payload = {
            "image": base64.b64encode(image.read_bytes()).decode("ascii"),
            "filename": image.name,
            "script_hint": hint,
            "language": "en-GB",
        }
        resp = self.session.post(self.api_url, data=json.dumps(payload), timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()


def write_private(path: Path, text: str):
    """Write atomically next to the target, readable only by us."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tx-", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.chmod(tmp, 0o600)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def pages(folder: Path):
    for p in sorted(folder.iterdir()):
        if p.suffix.lower() in ALLOWED:
            yield p


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="folder of page images")
    parser.add_argument("--hint", default="secretary", help="script style hint")
    parser.add_argument("--out", type=Path, default=Path("transcripts"))
    parser.add_argument("--skip-existing", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    api_key = os.environ.get(KEY_VAR)
    if not api_key:
        LOG.error("set %s first", KEY_VAR)
        return 1
    if not args.folder.is_dir():
        LOG.error("%s is not a folder", args.folder)
        return 1

    args.out.mkdir(exist_ok=True)
    client = TranscriptionClient(API_URL, api_key)
    ok = failed = 0
    for page in pages(args.folder):
        target = args.out / (page.stem + ".txt")
        if args.skip_existing and target.exists():
            continue
        try:
            result = client.transcribe(page, args.hint)
        except requests.RequestException as exc:
            LOG.warning("%s: %s", page.name, exc)
            failed += 1
            continue
        write_private(target, result.get("text", ""))
        LOG.info("%s: confidence %.2f", page.name, result.get("confidence", 0.0))
        ok += 1

    LOG.info("%d transcribed, %d failed", ok, failed)
    return 0 if failed == 0 else 2


if __name__ == "__main__":
    sys.exit(main())
