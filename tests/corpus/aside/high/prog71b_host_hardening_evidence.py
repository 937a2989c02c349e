#!/usr/bin/env python3
"""Network hardening evidence for PCI DSS req. 1 / SOC 2 CC6.6 walkthroughs.

Gathers the host firewall rule set and the kernel network parameters the
auditors ask about, compares the parameters with the firm baseline in
hardening_baseline.json, and writes a JSON evidence record plus a plain
text rendering under ./evidence/.
"""
import argparse
import datetime as dt
import hashlib
import json
import logging
import shutil
import socket
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("hardening-evidence")

BASELINE = {
    "net.ipv4.ip_forward": "0",
    "net.ipv4.conf.all.accept_redirects": "0",
    "net.ipv4.conf.all.send_redirects": "0",
    "net.ipv4.conf.all.rp_filter": "1",
    "net.ipv4.tcp_syncookies": "1",
    "net.ipv6.conf.all.accept_ra": "0",
    "kernel.kptr_restrict": "1",
}

FIREWALL_DUMPS = [
    ("iptables", ["iptables-save"]),
    ("ip6tables", ["ip6tables-save"]),
    ("nftables", ["nft", "list", "ruleset"]),
]


def run_root(argv, timeout=30):
    """Firewall tables are only readable by root; go through sudo -n."""
    if not shutil.which(argv[0]):
        return None
    proc = subprocess.run(["sudo", "-n", *argv], capture_output=True, text=True,
                          timeout=timeout)
    if proc.returncode != 0:
        LOG.warning("%s: %s", argv[0], proc.stderr.strip() or proc.returncode)
        return None
    return proc.stdout


def read_param(name):
    path = Path("/proc/sys") / name.replace(".", "/")
    try:
        return path.read_text().strip()
    except OSError:
        return None


def load_baseline(path):
    if path and path.exists():
        return json.loads(path.read_text())
    return BASELINE


def gather(baseline):
    record = {
        "host": socket.getfqdn(),
        "collected_at": dt.datetime.now(dt.timezone.utc).isoformat(),
        "firewall": {},
        "parameters": [],
    }
    for label, argv in FIREWALL_DUMPS:
        out = run_root(argv)
        if out is not None:
            record["firewall"][label] = {
                "rules": [l for l in out.splitlines() if l and not l.startswith("#")],
                "sha256": hashlib.sha256(out.encode()).hexdigest(),
            }
            LOG.info("%s: %d lines", label, len(record["firewall"][label]["rules"]))
    for name, expected in sorted(baseline.items()):
        actual = read_param(name)
        record["parameters"].append({"name": name, "expected": expected,
                                     "actual": actual, "ok": actual == expected})
    record["summary"] = {
        "firewall_sources": sorted(record["firewall"]),
        "parameter_exceptions": [p["name"] for p in record["parameters"] if not p["ok"]],
    }
    return record


def render_text(record):
    lines = [f"Host: {record['host']}", f"Collected: {record['collected_at']}", ""]
    lines.append("Kernel network parameters:")
    for p in record["parameters"]:
        mark = "PASS" if p["ok"] else "EXCEPTION"
        lines.append(f"  {mark:9} {p['name']} = {p['actual']} (baseline {p['expected']})")
    for label, data in record["firewall"].items():
        lines += ["", f"{label} ({data['sha256'][:16]}):"]
        lines += [f"  {r}" for r in data["rules"]]
    return "\n".join(lines) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--baseline", type=Path, default=Path("hardening_baseline.json"))
    ap.add_argument("--out", type=Path, default=Path("evidence"))
    ap.add_argument("--strict", action="store_true", help="exit 1 on any exception")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    record = gather(load_baseline(args.baseline))
    if not record["firewall"]:
        LOG.error("no firewall rule set could be read (is sudo configured?)")
    args.out.mkdir(parents=True, exist_ok=True)
    stem = f"hardening-{socket.gethostname()}-{dt.date.today():%Y%m%d}"
    (args.out / f"{stem}.json").write_text(json.dumps(record, indent=2))
    (args.out / f"{stem}.txt").write_text(render_text(record))
    exceptions = record["summary"]["parameter_exceptions"]
    LOG.info("written %s.{json,txt}; %d exceptions", stem, len(exceptions))
    return 1 if (args.strict and exceptions) else 0


if __name__ == "__main__":
    sys.exit(main())
