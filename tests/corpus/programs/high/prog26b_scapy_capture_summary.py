#!/usr/bin/env python3
"""Summarise live traffic on an interface with scapy.

Counts packets per protocol, top talkers and top destination ports for a
fixed capture window and writes the summary as JSON in the working
directory. Sniffing needs CAP_NET_RAW; with --grant-caps the script uses
sudo setcap to give the Python interpreter the raw-socket capabilities so
later runs work without root.
"""
import argparse
import collections
import json
import logging
import os
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("capsum")


def grant_capabilities() -> None:
    interpreter = os.path.realpath(sys.executable)
    cmd = ["sudo", "setcap", "cap_net_raw,cap_net_admin+eip", interpreter]
    log.info("running: %s", " ".join(cmd))
    subprocess.run(cmd, check=True)
    subprocess.run(["getcap", interpreter], check=False)


class Summary:
    def __init__(self):
        self.protocols = collections.Counter()
        self.talkers = collections.Counter()
        self.ports = collections.Counter()
        self.bytes = 0
        self.packets = 0

    def add(self, pkt) -> None:
        from scapy.layers.inet import IP, TCP, UDP, ICMP
        from scapy.layers.inet6 import IPv6

        self.packets += 1
        self.bytes += len(pkt)
        if pkt.haslayer(TCP):
            self.protocols["tcp"] += 1
            self.ports[f"tcp/{pkt[TCP].dport}"] += 1
        elif pkt.haslayer(UDP):
            self.protocols["udp"] += 1
            self.ports[f"udp/{pkt[UDP].dport}"] += 1
        elif pkt.haslayer(ICMP):
            self.protocols["icmp"] += 1
        else:
            self.protocols["other"] += 1
        if pkt.haslayer(IP):
            self.talkers[pkt[IP].src] += len(pkt)
        elif pkt.haslayer(IPv6):
            self.talkers[pkt[IPv6].src] += len(pkt)

    def as_dict(self, top: int) -> dict:
        return {
            "packets": self.packets,
            "bytes": self.bytes,
            "protocols": dict(self.protocols),
            "top_talkers": self.talkers.most_common(top),
            "top_ports": self.ports.most_common(top),
        }


def capture(iface: str, seconds: int, bpf: str, top: int) -> dict:
    from scapy.all import sniff

    summary = Summary()
    log.info("capturing on %s for %ds (filter=%r)", iface, seconds, bpf or None)
    sniff(iface=iface, timeout=seconds, filter=bpf or None, prn=summary.add, store=False)
    data = summary.as_dict(top)
    data.update({"iface": iface, "seconds": seconds, "finished": time.time()})
    return data


def main() -> int:
    ap = argparse.ArgumentParser(description="scapy traffic summary")
    ap.add_argument("-i", "--iface", default="eth0")
    ap.add_argument("-t", "--seconds", type=int, default=30)
    ap.add_argument("-f", "--filter", default="")
    ap.add_argument("--top", type=int, default=10)
    ap.add_argument("-o", "--out", type=Path, default=Path("capture_summary.json"))
    ap.add_argument("--grant-caps", action="store_true",
                    help="give the interpreter CAP_NET_RAW/CAP_NET_ADMIN via sudo setcap")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if args.grant_caps:
        try:
            grant_capabilities()
        except (subprocess.CalledProcessError, FileNotFoundError) as exc:
            log.error("setcap failed: %s", exc)
            return 2

    try:
        data = capture(args.iface, args.seconds, args.filter, args.top)
    except PermissionError:
        log.error("no permission to sniff; rerun with --grant-caps")
        return 2
    except OSError as exc:
        log.error("capture failed: %s", exc)
        return 1

    args.out.write_text(json.dumps(data, indent=2))
    print(f"{data['packets']} packets, {data['bytes']} bytes -> {args.out}")
    for proto, count in sorted(data["protocols"].items()):
        print(f"  {proto:6} {count}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
