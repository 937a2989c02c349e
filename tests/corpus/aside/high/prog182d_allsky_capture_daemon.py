#!/usr/bin/env python3
"""All-sky camera capture daemon.

The rooftop all-sky camera feeds the lobby "tonight's sky" screen. The
daemon is started by root at boot so it can claim the camera device, then
hands the device to the capture group and drops to the unprivileged
'allsky' account before it starts grabbing frames.
"""
import argparse
import grp
import logging
import os
import pwd
import time
from datetime import datetime, timezone
from pathlib import Path

LOG = logging.getLogger("allsky.capture")

DEVICE = os.environ.get("ALLSKY_DEVICE", "/dev/video2")
RUN_AS = os.environ.get("ALLSKY_USER", "allsky")
CAPTURE_GROUP = os.environ.get("ALLSKY_GROUP", "video")
OUT_DIR = Path(os.environ.get("ALLSKY_OUT", "./frames"))
FRAME_BYTES = 1280 * 960 * 2  # YUYV


class PrivilegeDrop:
    def __init__(self, user: str, group: str):
        self.pw = pwd.getpwnam(user)
        self.gr = grp.getgrnam(group)

    def claim_device(self, device: str) -> None:
        os.chown(device, 0, self.gr.gr_gid)
        os.chmod(device, 0o660)
        LOG.info("device %s handed to group %s", device, self.gr.gr_name)

    def drop(self) -> None:
        os.setgroups([self.gr.gr_gid])
        os.setgid(self.pw.pw_gid)
        os.setuid(self.pw.pw_uid)
        os.environ["HOME"] = self.pw.pw_dir
        LOG.info("now running as uid=%d gid=%d", os.getuid(), os.getgid())


class FrameGrabber:
    def __init__(self, device: str, out_dir: Path, keep: int):
        self.device = device
        self.out_dir = out_dir
        self.keep = keep

    def grab(self) -> Path:
        with open(self.device, "rb", buffering=0) as cam:
            data = cam.read(FRAME_BYTES)
        stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
        path = self.out_dir / f"allsky_{stamp}.yuyv"
        path.write_bytes(data)
        return path

    def prune(self) -> None:
        frames = sorted(self.out_dir.glob("allsky_*.yuyv"))
        for old in frames[:-self.keep]:
            old.unlink()


def main() -> None:
    ap = argparse.ArgumentParser(description="All-sky camera capture daemon")
    ap.add_argument("--device", default=DEVICE)
    ap.add_argument("--interval", type=float, default=30.0)
    ap.add_argument("--keep", type=int, default=240)
    ap.add_argument("--out", default=str(OUT_DIR))
    ap.add_argument("--frames", type=int, default=0, help="stop after N frames (0 = forever)")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    if os.geteuid() == 0:
        dropper = PrivilegeDrop(RUN_AS, CAPTURE_GROUP)
        dropper.claim_device(args.device)
        os.chown(out, dropper.pw.pw_uid, dropper.pw.pw_gid)
        dropper.drop()
    else:
        LOG.warning("not started as root; assuming device is already accessible")

    grabber = FrameGrabber(args.device, out, args.keep)
    n = 0
    while not args.frames or n < args.frames:
        try:
            p = grabber.grab()
            LOG.info("captured %s", p.name)
            grabber.prune()
        except OSError as exc:
            LOG.error("capture failed: %s", exc)
        n += 1
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
