#!/usr/bin/env python3
"""Per-stream RTP jitter / loss report from a packet capture.

Feeds a pcap through tshark, decodes every UDP packet in the media port
range as RTP and computes RFC 3550 interarrival jitter, packet loss and
out-of-order counts per SSRC.  Output is a CSV that the voice quality
dashboard imports.
"""
import argparse
import csv
import logging
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("rtp_jitter")

CLOCK_RATES = {0: 8000, 8: 8000, 9: 8000, 18: 8000, 3: 8000, 101: 8000, 111: 48000}
FIELDS = ["frame.time_epoch", "ip.src", "ip.dst", "rtp.ssrc", "rtp.seq",
          "rtp.timestamp", "rtp.p_type"]


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

    def row(self):
        rate = CLOCK_RATES.get(self.payload, 8000)
        expected = self.max_seq - self.first_seq + 1 if self.first_seq >= 0 else 0
        lost = max(expected - self.packets, 0)
        return {
            "ssrc": self.ssrc, "src": self.src, "dst": self.dst, "pt": self.payload,
            "packets": self.packets, "lost": lost,
            "loss_pct": round(100.0 * lost / expected, 2) if expected else 0.0,
            "out_of_order": self.out_of_order,
            "jitter_ms": round(self.jitter / rate * 1000, 2),
            "max_jitter_ms": round(self.max_jitter / rate * 1000, 2),
        }


def tshark_command(args):
    tshark = shutil.which("tshark")
    if not tshark:
        raise SystemExit("tshark not found in PATH (apt install tshark)")
    cmd = [tshark, "-n", "-r", args.pcap,
           "-d", f"udp.port=={args.port_low}-{args.port_high},rtp",
           "-Y", "rtp", "-T", "fields", "-E", "separator=\t"]
    for f in FIELDS:
        cmd += ["-e", f]
    return cmd


def packets(cmd):
    log.debug("running %s", " ".join(cmd))
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    for line in proc.stdout:
        parts = line.rstrip("\n").split("\t")
        if len(parts) != len(FIELDS) or not parts[3]:
            continue
        try:
            yield (float(parts[0]), parts[1], parts[2], parts[3],
                   int(parts[4]), int(parts[5]), int(parts[6].split(",")[0]))
        except ValueError:
            continue
    rc = proc.wait()
    if rc != 0:
        log.error("tshark exited %d: %s", rc, proc.stderr.read().strip())


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pcap", help="capture file to analyse")
    ap.add_argument("-o", "--output", default="rtp_jitter.csv")
    ap.add_argument("--port-low", type=int, default=10000)
    ap.add_argument("--port-high", type=int, default=20000)
    ap.add_argument("--min-packets", type=int, default=50)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not Path(args.pcap).is_file():
        log.error("capture not found: %s", args.pcap)
        return 2

    streams = {}
    for arrival, src, dst, ssrc, seq, ts, pt in packets(tshark_command(args)):
        st = streams.get(ssrc)
        if st is None:
            st = streams[ssrc] = StreamStats(ssrc, src, dst, pt)
        st.add(arrival, seq, ts)

    rows = [s.row() for s in streams.values() if s.packets >= args.min_packets]
    rows.sort(key=lambda r: r["jitter_ms"], reverse=True)
    with open(args.output, "w", newline="") as fh:
        if rows:
            w = csv.DictWriter(fh, fieldnames=list(rows[0]))
            w.writeheader()
            w.writerows(rows)
    log.info("%d streams written to %s", len(rows), args.output)
    for r in rows[:5]:
        log.info("  %s %s->%s jitter %.1fms loss %.2f%%",
                 r["ssrc"], r["src"], r["dst"], r["jitter_ms"], r["loss_pct"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
