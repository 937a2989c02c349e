#!/usr/bin/env python3
"""Record RTSP streams from site cameras into rolling segments.

Used on the commissioning laptop while an install is being signed off:
every camera in cameras.ini is recorded with ffmpeg (stream copy, no
re-encode) into ./recordings/<camera>/ in 10-minute segments, so the
customer walk-round can be reviewed afterwards.
"""
import argparse
import configparser
import logging
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

log = logging.getLogger("rtsp-rec")

RMEM_PATH = Path("/proc/sys/net/core/rmem_max")
WANTED_RMEM = 8 * 1024 * 1024


def check_receive_buffers():
    """High-bitrate 4K cameras drop packets when the socket buffers are small."""
    try:
        current = int(RMEM_PATH.read_text().strip())
    except (OSError, ValueError):
        log.debug("cannot read %s", RMEM_PATH)
        return
    if current < WANTED_RMEM:
        log.warning("net.core.rmem_max is %d; 4K streams may tear (ask IT for >= %d)",
                    current, WANTED_RMEM)


class CameraRecorder(threading.Thread):
    def __init__(self, name, url, outdir, segment=600, ffmpeg="ffmpeg"):
        super().__init__(name=f"rec-{name}", daemon=True)
        self.cam = name
        self.url = url
        self.outdir = Path(outdir) / name
        self.segment = segment
        self.ffmpeg = ffmpeg
        self.stop_event = threading.Event()
        self.proc = None

    def command(self):
        pattern = str(self.outdir / f"{self.cam}_%Y%m%d_%H%M%S.mkv")
        return [self.ffmpeg, "-hide_banner", "-loglevel", "warning",
                "-rtsp_transport", "tcp", "-i", self.url,
                "-c", "copy", "-map", "0",
                "-f", "segment", "-segment_time", str(self.segment),
                "-reset_timestamps", "1", "-strftime", "1", pattern]

    def run(self):
        self.outdir.mkdir(parents=True, exist_ok=True)
        backoff = 2
        while not self.stop_event.is_set():
            log.info("%s: starting capture", self.cam)
            self.proc = subprocess.Popen(self.command(), stdin=subprocess.DEVNULL,
                                         stderr=subprocess.PIPE, text=True)
            _, err = self.proc.communicate()
            if self.stop_event.is_set():
                break
            log.warning("%s: ffmpeg exited %s: %s", self.cam, self.proc.returncode,
                        (err or "").strip().splitlines()[-1:] or "")
            self.stop_event.wait(backoff)
            backoff = min(backoff * 2, 60)

    def stop(self):
        self.stop_event.set()
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()


def load_cameras(path):
    cfg = configparser.ConfigParser(interpolation=None)
    if not cfg.read(path):
        raise FileNotFoundError(path)
    for section in cfg.sections():
        c = cfg[section]
        if not c.getboolean("enabled", True):
            continue
        url = c.get("url") or f"rtsp://{c['user']}:{c['password']}@{c['host']}:{c.get('port', '554')}{c.get('path', '/Streaming/Channels/101')}"
        yield section, url


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cameras", default="cameras.ini")
    ap.add_argument("--out", default="recordings")
    ap.add_argument("--segment", type=int, default=600)
    ap.add_argument("--duration", type=int, default=0, help="stop after N seconds (0 = until Ctrl-C)")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(threadName)s %(message)s")

    ffmpeg = shutil.which("ffmpeg")
    if not ffmpeg:
        log.error("ffmpeg not found on PATH")
        return 2
    check_receive_buffers()

    try:
        recorders = [CameraRecorder(n, u, args.out, args.segment, ffmpeg) for n, u in load_cameras(args.cameras)]
    except (FileNotFoundError, KeyError) as exc:
        log.error("bad camera config: %s", exc)
        return 2

    done = threading.Event()
    signal.signal(signal.SIGINT, lambda *_: done.set())
    signal.signal(signal.SIGTERM, lambda *_: done.set())
    for r in recorders:
        r.start()
    log.info("recording %d cameras into %s", len(recorders), args.out)

    started = time.monotonic()
    while not done.wait(1):
        if args.duration and time.monotonic() - started > args.duration:
            break
    for r in recorders:
        r.stop()
    for r in recorders:
        r.join(timeout=10)
    log.info("stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
