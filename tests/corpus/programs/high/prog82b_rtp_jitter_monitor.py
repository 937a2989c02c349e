#!/usr/bin/env python3
"""Live RTP jitter / loss monitor for the media gateway.

Captures on the voice VLAN interface for a fixed window through tshark,
decodes the media port range as RTP and computes RFC 3550 interarrival
jitter, packet loss and out-of-order counts per SSRC.  Each window is
appended to a CSV that the voice quality dashboard imports.
"""
import argparse
import csv
import logging
import os
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field

log = logging.getLogger("rtp_monitor")

CLOCK_RATES = {0: 8000, 8: 8000, 9: 8000, 18: 8000, 3: 8000, 101: 8000, 111: 48000}
FIELDS = ["frame.time_epoch", "ip.src", "ip.dst", "rtp.ssrc", "rtp.seq",
          "rtp.timestamp", "rtp.p_type"]
RELAUNCH_MARK = "RTP_MONITOR_ELEVATED"


@dataclass
class StreamStats:
    ssrc: str
    src: str
    dst: str
    payload: int
    packets: int = 0
    first_seq: int = -1
    max_seq: int = -1
    out_of_order: int = 0
    jitter: float = 0.0
    max_jitter: float = 0.0
    _last_transit: float = field(default=None, repr=False)

    def add(self, arrival, seq, ts):
        rate = CLOCK_RATES.get(self.payload, 8000)
        self.packets += 1
        if self.first_seq < 0:
            self.first_seq = self.max_seq = seq
        elif seq > self.max_seq or (self.max_seq - seq) > 30000:
            self.max_seq = seq if seq > self.max_seq else seq + 65536
        else:
            self.out_of_order += 1
        transit = arrival * rate - ts
        if self._last_transit is not None:
            d = abs(transit - self._last_transit)
            self.jitter += (d - self.jitter) / 16.0
            self.max_jitter = max(self.max_jitter, self.jitter)
        self._last_transit = transit

    def row(self, window_start):
        rate = CLOCK_RATES.get(self.payload, 8000)
        expected = self.max_seq - self.first_seq + 1 if self.first_seq >= 0 else 0
        lost = max(expected - self.packets, 0)
        return {
            "window": int(window_start), "ssrc": self.ssrc, "src": self.src,
            "dst": self.dst, "pt": self.payload, "packets": self.packets, "lost": lost,
            "loss_pct": round(100.0 * lost / expected, 2) if expected else 0.0,
            "out_of_order": self.out_of_order,
            "jitter_ms": round(self.jitter / rate * 1000, 2),
            "max_jitter_ms": round(self.max_jitter / rate * 1000, 2),
        }


def ensure_capture_rights():
    """Live capture needs raw socket access; relaunch with it if missing."""
    if os.geteuid() == 0 or os.environ.get(RELAUNCH_MARK):
        return
    helper = shutil.which("sudo")
    if helper is None:
        log.warning("not root and no sudo; capture will probably fail")
        return
    log.info("re-launching with elevated rights for capture")
    env_keep = f"--preserve-env={RELAUNCH_MARK},PATH"
    os.environ[RELAUNCH_MARK] = "1"
    os.execvp(helper, [helper, env_keep, sys.executable, os.path.abspath(__file__)]
              + sys.argv[1:])


def tshark_command(args):
    tshark = shutil.which("tshark") or "/usr/bin/tshark"
    cmd = [tshark, "-n", "-i", args.interface, "-a", f"duration:{args.window}",
           "-f", f"udp portrange {args.port_low}-{args.port_high}",
           "-d", f"udp.port=={args.port_low}-{args.port_high},rtp",
           "-Y", "rtp", "-T", "fields", "-E", "separator=\t"]
    for f in FIELDS:
        cmd += ["-e", f]
    return cmd


def packets(cmd):
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    for line in proc.stdout:
        parts = line.rstrip("\n").split("\t")
        if len(parts) != len(FIELDS) or not parts[3]:
            continue
        try:
            yield (float(parts[0]), parts[1], parts[2], parts[3],
                   int(parts[4]), int(parts[5]), int(parts[6].split(",")[0]))
        except ValueError:
            continue
    if proc.wait() != 0:
        log.error("tshark exited with %d", proc.returncode)


def capture_window(args):
    start = time.time()
    streams = {}
    for arrival, src, dst, ssrc, seq, ts, pt in packets(tshark_command(args)):
        st = streams.get(ssrc)
        if st is None:
            st = streams[ssrc] = StreamStats(ssrc, src, dst, pt)
        st.add(arrival, seq, ts)
    return [s.row(start) for s in streams.values() if s.packets >= args.min_packets]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-i", "--interface", default=os.environ.get("VOICE_IFACE", "eth1"))
    ap.add_argument("-o", "--output", default="rtp_monitor.csv")
    ap.add_argument("--window", type=int, default=60, help="seconds per sample")
    ap.add_argument("--windows", type=int, default=0, help="0 = run forever")
    ap.add_argument("--port-low", type=int, default=10000)
    ap.add_argument("--port-high", type=int, default=20000)
    ap.add_argument("--min-packets", type=int, default=50)
    ap.add_argument("--jitter-alert", type=float, default=30.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    ensure_capture_rights()

    header_needed = not os.path.exists(args.output)
    n = 0
    try:
        while args.windows == 0 or n < args.windows:
            rows = capture_window(args)
            n += 1
            with open(args.output, "a", newline="") as fh:
                w = csv.DictWriter(fh, fieldnames=[
                    "window", "ssrc", "src", "dst", "pt", "packets", "lost",
                    "loss_pct", "out_of_order", "jitter_ms", "max_jitter_ms"])
                if header_needed:
                    w.writeheader()
                    header_needed = False
                w.writerows(rows)
            bad = [r for r in rows if r["jitter_ms"] > args.jitter_alert]
            log.info("window %d: %d streams, %d over %.0fms jitter",
                     n, len(rows), len(bad), args.jitter_alert)
    except KeyboardInterrupt:
        log.info("stopped after %d windows", n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
