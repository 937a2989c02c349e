#!/usr/bin/env python3
"""SRT contribution listener with host tuning.

Runs ffmpeg as an SRT listener for a remote camera/encoder and records the
incoming MPEG-TS into hourly segments. Before starting it raises the kernel
UDP buffer limits SRT needs at high bitrates and opens the listener port in
the host firewall.
"""
import argparse
import logging
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

log = logging.getLogger("srtingest")

PROC_SYS = Path("/proc/sys")
WANTED = {
    "net/core/rmem_max": 26214400,
    "net/core/rmem_default": 26214400,
    "net/core/wmem_max": 8388608,
}


def read_sysctl(key: str) -> int | None:
    try:
        return int((PROC_SYS / key).read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def tune_buffers() -> list[str]:
    problems = []
    for key, want in WANTED.items():
        have = read_sysctl(key)
        if have is not None and have >= want:
            continue
        try:
            (PROC_SYS / key).write_text(f"{want}\n")
            log.info("set %s = %d (was %s)", key.replace("/", "."), want, have)
        except OSError as exc:
            problems.append(f"{key}: {exc.strerror}")
    return problems


def open_port(port: int) -> None:
    rule = ["INPUT", "-p", "udp", "--dport", str(port), "-m", "comment",
            "--comment", "srt-ingest", "-j", "ACCEPT"]
    present = subprocess.run(["iptables", "-C", *rule], capture_output=True).returncode == 0
    if present:
        return
    res = subprocess.run(["iptables", "-I", *rule], capture_output=True, text=True)
    if res.returncode != 0:
        log.warning("could not open udp/%d: %s", port, res.stderr.strip())
    else:
        log.info("opened udp/%d in iptables INPUT", port)


class Listener:
    bind_host = "0.0.0.0"

    def __init__(self, port: int, passphrase: str | None, latency_ms: int, out_dir: Path):
        self.port = port
        self.passphrase = passphrase
        self.latency_ms = latency_ms
        self.out_dir = out_dir
        self.proc: subprocess.Popen | None = None
        self.stopping = threading.Event()

    def url(self) -> str:
        q = f"mode=listener&latency={self.latency_ms * 1000}&rcvbuf=26214400"
        if self.passphrase:
            q += f"&passphrase={self.passphrase}&pbkeylen=32"
        return f"srt://{self.bind_host}:{self.port}?{q}"

    def command(self) -> list[str]:
        pattern = str(self.out_dir / "contrib_%Y%m%d_%H%M%S.ts")
        return ["ffmpeg", "-hide_banner", "-loglevel", "warning", "-i", self.url(),
                "-c", "copy", "-f", "segment", "-segment_time", "3600",
                "-strftime", "1", "-reset_timestamps", "1", pattern]

    def run_forever(self):
        self.out_dir.mkdir(parents=True, exist_ok=True)
        backoff = 1
        while not self.stopping.is_set():
            log.info("listening on %s:%d", self.bind_host, self.port)
            started = time.monotonic()
            self.proc = subprocess.Popen(self.command(), stdin=subprocess.DEVNULL)
            rc = self.proc.wait()
            if self.stopping.is_set():
                break
            ran = time.monotonic() - started
            backoff = 1 if ran > 60 else min(backoff * 2, 30)
            log.warning("ffmpeg exited rc=%s after %.0fs; restarting in %ds", rc, ran, backoff)
            self.stopping.wait(backoff)

    def stop(self, *_):
        self.stopping.set()
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--port", type=int, default=9000)
    ap.add_argument("--latency", type=int, default=200, help="SRT latency in ms")
    ap.add_argument("--passphrase", default=None)
    ap.add_argument("--out", type=Path, default=Path("recordings"))
    ap.add_argument("--no-firewall", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    for p in tune_buffers():
        log.warning("udp buffer not raised: %s", p)
    if not args.no_firewall:
        open_port(args.port)

    listener = Listener(args.port, args.passphrase, args.latency, args.out)
    signal.signal(signal.SIGINT, listener.stop)
    signal.signal(signal.SIGTERM, listener.stop)
    listener.run_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main())
