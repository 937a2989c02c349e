#!/usr/bin/env python3
"""Fulldome show package fetcher.

Distributors deliver licensed fulldome shows as tarballs (DomeMaster frame
sequences plus 5.1 audio). This downloads a package from the distributor
portal, unpacks it into the local library and checks the audio stems with
ffprobe so the projection team knows the package is complete.
"""
import argparse
import json
import logging
import os
import subprocess
import tarfile
from pathlib import Path

import requests
import urllib3

LOG = logging.getLogger("library.fetch")

PORTAL = os.environ.get("DISTRIBUTOR_PORTAL", "https://portal.domeshows.example.org")
LIBRARY = Path(os.environ.get("SHOW_LIBRARY", "./library"))
DOWNLOADS = Path(os.environ.get("SHOW_DOWNLOADS", "./downloads"))

# the distributor portal uses a self-signed certificate on its delivery host
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


class Portal:
    def __init__(self, base: str, token: str):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.verify = False
        if token:
            self.session.headers["Authorization"] = f"Bearer {token}"

    def download(self, show_id: str, dest: Path) -> Path:
        dest.mkdir(parents=True, exist_ok=True)
        target = dest / f"{show_id}.tar"
        url = f"{self.base}/packages/{show_id}.tar"
        with self.session.get(url, stream=True, timeout=60) as resp:
            resp.raise_for_status()
            with target.open("wb") as fh:
                for chunk in resp.iter_content(chunk_size=1 << 20):
                    fh.write(chunk)
        LOG.info("downloaded %s (%.1f MB)", target.name, target.stat().st_size / 1e6)
        return target


def unpack(archive: Path, library: Path) -> Path:
    out = library / archive.stem
    out.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive) as tar:
        tar.extractall(out)
    LOG.info("unpacked into %s", out)
    return out


def probe_audio(show_dir: Path) -> list:
    report = []
    for wav in sorted(show_dir.rglob("*.wav")):
        proc = subprocess.run(
            ["ffprobe", "-v", "error", "-show_entries", "stream=channels,sample_rate,duration",
             "-of", "json", str(wav)],
            capture_output=True, text=True,
        )
        if proc.returncode != 0:
            report.append({"file": wav.name, "error": proc.stderr.strip()})
            continue
        streams = json.loads(proc.stdout).get("streams", [])
        report.append({"file": wav.name, **(streams[0] if streams else {})})
    return report


def main() -> None:
    ap = argparse.ArgumentParser(description="Fetch a licensed fulldome show")
    ap.add_argument("show_id")
    ap.add_argument("--portal", default=PORTAL)
    ap.add_argument("--keep-archive", action="store_true")
    ap.add_argument("--no-probe", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    portal = Portal(args.portal, os.environ.get("DISTRIBUTOR_TOKEN", ""))
    archive = portal.download(args.show_id, DOWNLOADS)
    show_dir = unpack(archive, LIBRARY)
    if not args.keep_archive:
        archive.unlink()
    if not args.no_probe:
        for entry in probe_audio(show_dir):
            LOG.info("audio: %s", entry)
    (show_dir / "package.json").write_text(json.dumps({"show_id": args.show_id}, indent=2))


if __name__ == "__main__":
    main()
