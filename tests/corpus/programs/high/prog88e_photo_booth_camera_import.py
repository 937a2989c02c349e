#!/usr/bin/env python3
"""Photo booth: pull new shots off the booth camera and hand the camera to live view.

Run between sessions at the reception. Copies new frames from the camera's
card (mounted by the desktop as /media/<user>/EOS_DIGITAL) into
./booth/<session>/ named by capture time, then makes sure the booth's
live-view app, which runs as the unprivileged "booth" account, can open the
camera again.
"""
import argparse
import datetime as dt
import hashlib
import json
import logging
import os
import shutil
import sys
from pathlib import Path

try:
    from PIL import Image  # optional, for EXIF capture times
except ImportError:  # pragma: no cover
    Image = None

log = logging.getLogger("booth_import")
CAMERA_VENDORS = {"04a9": "Canon", "04b0": "Nikon", "054c": "Sony", "04cb": "Fujifilm"}
SYSFS_USB = Path("/sys/bus/usb/devices")
EXIF_DATETIME_ORIGINAL = 36867


def find_camera_nodes():
    """Yield (/dev/bus/usb/BBB/DDD, vendor) for attached cameras."""
    for dev in SYSFS_USB.glob("*"):
        try:
            vendor = (dev / "idVendor").read_text().strip()
            if vendor not in CAMERA_VENDORS:
                continue
            bus = int((dev / "busnum").read_text())
            num = int((dev / "devnum").read_text())
        except (OSError, ValueError):
            continue
        yield Path(f"/dev/bus/usb/{bus:03d}/{num:03d}"), CAMERA_VENDORS[vendor]


def open_camera_for_liveview():
    granted = 0
    for node, vendor in find_camera_nodes():
        try:
            os.chmod(node, 0o666)
            granted += 1
            log.info("%s camera at %s ready for live view", vendor, node)
        except PermissionError:
            log.warning("cannot change %s; live view may need a replug", node)
    if not granted:
        log.warning("no camera found on USB")
    return granted


def capture_time(path):
    if Image is not None:
        try:
            with Image.open(path) as im:
                raw = im.getexif().get(EXIF_DATETIME_ORIGINAL)
            if raw:
                return dt.datetime.strptime(raw, "%Y:%m:%d %H:%M:%S")
        except (OSError, ValueError):
            pass
    return dt.datetime.fromtimestamp(path.stat().st_mtime)


def digest(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def default_card():
    user = os.environ.get("USER", "booth")
    return Path("/media") / user / "EOS_DIGITAL" / "DCIM"


def import_frames(card, dest, manifest_path):
    manifest = json.loads(manifest_path.read_text()) if manifest_path.exists() else {}
    dest.mkdir(parents=True, exist_ok=True)
    new = 0
    for src in sorted(card.rglob("*")):
        if src.suffix.lower() not in {".jpg", ".jpeg"}:
            continue
        h = digest(src)
        if h in manifest:
            continue
        stamp = capture_time(src).strftime("%H%M%S")
        target = dest / f"booth_{stamp}_{src.stem[-4:]}.jpg"
        shutil.copy2(src, target)
        manifest[h] = target.name
        new += 1
    manifest_path.write_text(json.dumps(manifest, indent=1, sort_keys=True))
    return new


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("session", help="session name, e.g. reception-1")
    ap.add_argument("--card", type=Path, default=None, help="DCIM folder on the camera card")
    ap.add_argument("--out", type=Path, default=Path("booth"))
    ap.add_argument("--no-liveview", dest="liveview", action="store_false",
                    help="leave camera permissions alone")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    card = args.card or default_card()
    if not card.is_dir():
        log.error("camera card not mounted at %s", card)
        return 2
    dest = args.out / args.session
    try:
        n = import_frames(card, dest, args.out / "manifest.json")
    except OSError as exc:
        log.error("import failed: %s", exc)
        return 1
    log.info("imported %d new frame(s) into %s", n, dest)
    if args.liveview:
        open_camera_for_liveview()
    return 0


if __name__ == "__main__":
    sys.exit(main())
