#!/usr/bin/env python3
"""Record RTSP streams from site cameras into rolling segments.

Runs on the small capture box we leave on site during soak tests: every
camera in cameras.ini is recorded with ffmpeg (stream copy, no re-encode)
into ./recordings/<camera>/ in 10-minute segments. The box is a plain
Debian image, so the receive buffers are raised at start-up for 4K streams.
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

log = logging.getLogger("rtsp-cap")

NET_TUNABLES = {
    "net/core/rmem_max": 8 * 1024 * 1024,
    "net/core/rmem_default": 2 * 1024 * 1024,
}


def tune_receive_buffers(root="/proc/sys"):
    """High-bitrate 4K cameras drop packets when the socket buffers are small."""
    for key, wanted in NET_TUNABLES.items():
        node = Path(root) / key
        try:
            current = int(node.read_text().strip())
        except (OSError, ValueError):
            log.debug("cannot read %s", node)
            continue
        if current >= wanted:
            continue
        try:
            with open(node, "w") as fh:
                fh.write(f"{wanted}\n")
            log.info("%s raised %d -> %d", key.replace("/", "."), current, wanted)
        except PermissionError:
            log.warning("%s is %d and could not be raised; 4K streams may tear",
                        key.replace("/", "."), current)


class CameraRecorder(threading.Thread):
    def __init__(self, name, url, outdir, segment=600, ffmpeg="ffmpeg"):
        super().__init__(name=f"cap-{name}", daemon=True)
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
    ap.add_argument("--duration", type=int, default=0, help="stop after N seconds (0 = until stopped)")
    ap.add_argument("--no-tune", action="store_true", help="leave kernel buffer sizes alone")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(threadName)s %(message)s")

    ffmpeg = shutil.which("ffmpeg")
    if not ffmpeg:
        log.error("ffmpeg not found on PATH")
        return 2
    if not args.no_tune:
        tune_receive_buffers()

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
