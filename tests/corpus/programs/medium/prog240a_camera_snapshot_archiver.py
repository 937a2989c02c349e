#!/usr/bin/env python3
"""Archive hourly snapshots from the enclosure cameras and build a timelapse.

The IP cameras on the aviary and the otter pool serve HTTPS with the
factory self-signed certificate, so snapshots are fetched without
certificate verification. Snapshots go to ./snapshots/<camera>/<date>/ and a
small shell script is generated to stitch each day's frames with ffmpeg.
"""
import argparse
import datetime as dt
import json
import logging
import os
import subprocess
import sys
from pathlib import Path

import requests
import urllib3

log = logging.getLogger("snapshot-archiver")

DEFAULT_CAMERAS = {
    "aviary": "https://192.0.2.31/cgi-bin/snapshot.jpg",
    "otter-pool": "https://192.0.2.32/cgi-bin/snapshot.jpg",
    "hedgehog-hospital": "https://192.0.2.33/cgi-bin/snapshot.jpg",
}

TIMELAPSE_TEMPLATE = """#!/usr/bin/env bash
set -euo pipefail
cd "$FRAME_DIR"
ffmpeg -loglevel error -y -framerate "$FPS" -pattern_type glob -i '*.jpg' \\
    -c:v libx264 -pix_fmt yuv420p "$OUT_FILE"
echo "timelapse written to $OUT_FILE"
"""


class CameraArchiver:
    def __init__(self, root: Path, cameras: dict, timeout: float):
        self.root = root
        self.cameras = cameras
        self.timeout = timeout
        self.session = requests.Session()
        # Cameras use self-signed certificates; skip verification.
        self.session.verify = False
        urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

    def frame_dir(self, camera: str, day: dt.date) -> Path:
        d = self.root / camera / day.isoformat()
        d.mkdir(parents=True, exist_ok=True)
        return d

    def grab(self, camera: str, url: str) -> Path | None:
        now = dt.datetime.now()
        try:
            resp = self.session.get(url, timeout=self.timeout)
            resp.raise_for_status()
        except requests.RequestException as exc:
            log.warning("%s: snapshot failed: %s", camera, exc)
            return None
        if not resp.headers.get("Content-Type", "").startswith("image/"):
            log.warning("%s: unexpected content type %s", camera,
                        resp.headers.get("Content-Type"))
            return None
        target = self.frame_dir(camera, now.date()) / f"{now:%H%M%S}.jpg"
        target.write_bytes(resp.content)
        log.info("%s: saved %s (%d bytes)", camera, target, len(resp.content))
        return target

    def grab_all(self) -> int:
        return sum(1 for cam, url in self.cameras.items() if self.grab(cam, url))

    def timelapse(self, camera: str, day: dt.date, fps: int) -> bool:
        frames = self.frame_dir(camera, day)
        if not any(frames.glob("*.jpg")):
            log.info("%s: no frames for %s", camera, day)
            return False
        script = self.root / f".timelapse_{camera}.sh"
        script.write_text(TIMELAPSE_TEMPLATE)
        env = dict(os.environ, FRAME_DIR=str(frames.resolve()), FPS=str(fps),
                   OUT_FILE=str((self.root / f"{camera}_{day}.mp4").resolve()))
        result = subprocess.run(["bash", str(script)], env=env,
                                capture_output=True, text=True)
        script.unlink(missing_ok=True)
        if result.returncode != 0:
            log.error("%s: ffmpeg failed: %s", camera, result.stderr.strip())
            return False
        log.info(result.stdout.strip())
        return True


def load_cameras(path: str | None) -> dict:
    if not path:
        return DEFAULT_CAMERAS
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", default="./snapshots")
    ap.add_argument("--cameras", help="JSON file mapping camera name to URL")
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--timelapse", metavar="YYYY-MM-DD",
                    help="build timelapses for this day instead of grabbing")
    ap.add_argument("--fps", type=int, default=12)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    archiver = CameraArchiver(Path(args.root), load_cameras(args.cameras),
                              args.timeout)
    if args.timelapse:
        day = dt.date.fromisoformat(args.timelapse)
        built = [c for c in archiver.cameras if archiver.timelapse(c, day, args.fps)]
        log.info("built %d timelapses", len(built))
        return 0 if built else 1
    saved = archiver.grab_all()
    log.info("saved %d/%d snapshots", saved, len(archiver.cameras))
    return 0 if saved else 1


if __name__ == "__main__":
    sys.exit(main())
