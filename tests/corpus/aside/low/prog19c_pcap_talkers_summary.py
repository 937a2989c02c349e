"""Offline summary of a packet capture: top talkers, protocols, DNS names.

    python pcap_talkers_summary.py captures/incident-0412.pcap [--top 15]

Only reads the capture file; nothing is sent on the network.
"""
import argparse
import csv
from collections import Counter, defaultdict
from pathlib import Path

from scapy.all import DNSQR, IP, TCP, UDP, PcapReader
from scapy.error import Scapy_Exception


def proto_name(pkt) -> str:
    if pkt.haslayer(TCP):
        return "tcp"
    if pkt.haslayer(UDP):
        return "udp"
    return {1: "icmp", 47: "gre", 50: "esp"}.get(pkt[IP].proto, str(pkt[IP].proto))


def summarise(path: Path):
    talkers = Counter()
    protocols = Counter()
    conversations = defaultdict(int)
    dns_names = Counter()
    total = skipped = 0

    with PcapReader(str(path)) as reader:
        for pkt in reader:
            total += 1
            if not pkt.haslayer(IP):
                skipped += 1
                continue
            ip = pkt[IP]
            size = len(pkt)
            talkers[ip.src] += size
            protocols[proto_name(pkt)] += 1
            key = tuple(sorted((ip.src, ip.dst)))
            conversations[key] += size
            if pkt.haslayer(DNSQR):
                qname = pkt[DNSQR].qname
                if isinstance(qname, bytes):
                    dns_names[qname.decode(errors="replace").rstrip(".")] += 1

    return {
        "total": total,
        "skipped": skipped,
        "talkers": talkers,
        "protocols": protocols,
        "conversations": conversations,
        "dns": dns_names,
    }


def write_csv(out: Path, rows, header):
    with out.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(header)
        w.writerows(rows)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("pcap", type=Path)
    ap.add_argument("--top", type=int, default=10)
    ap.add_argument("--out-dir", type=Path, default=Path("reports"))
    args = ap.parse_args()

    try:
        s = summarise(args.pcap)
    except (FileNotFoundError, Scapy_Exception) as exc:
        raise SystemExit(f"cannot read {args.pcap}: {exc}")

    print(f"{s['total']} packets ({s['skipped']} non-IP)")
    print("\nprotocols:")
    for proto, n in s["protocols"].most_common():
        print(f"  {proto:6} {n}")
    print(f"\ntop {args.top} talkers by bytes sent:")
    for src, nbytes in s["talkers"].most_common(args.top):
        print(f"  {src:40} {nbytes:>12,}")
    print(f"\ntop {args.top} DNS queries:")
    for name, n in s["dns"].most_common(args.top):
        print(f"  {n:5}  {name}")

    args.out_dir.mkdir(exist_ok=True)
    stem = args.pcap.stem
    convs = sorted(s["conversations"].items(), key=lambda kv: kv[1], reverse=True)
    write_csv(args.out_dir / f"{stem}-conversations.csv",
              [(a, b, n) for (a, b), n in convs], ["host_a", "host_b", "bytes"])
    write_csv(args.out_dir / f"{stem}-dns.csv", s["dns"].most_common(), ["qname", "count"])
    print(f"\nCSV files written to {args.out_dir}/")


if __name__ == "__main__":
    main()
