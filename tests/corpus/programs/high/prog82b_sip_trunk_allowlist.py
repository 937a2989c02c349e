#!/usr/bin/env python3
"""Keep the SIP signalling allowlist in step with our carriers' published ranges.

Each carrier in carriers.ini lists static CIDRs and, optionally, a URL where
the carrier publishes its current signalling ranges (one CIDR per line).
The script builds a dedicated SIP_TRUNKS chain and loads it atomically with
iptables-restore so calls are never dropped mid-update.
"""
import argparse
import configparser
import ipaddress
import logging
import subprocess
import sys
import urllib.request
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("sip_allowlist")
CHAIN = "SIP_TRUNKS"
SIP_PORTS = "5060,5061"


def fetch_published(url, timeout=10):
    try:
        with urllib.request.urlopen(url, timeout=timeout) as resp:
            text = resp.read().decode("utf-8", "replace")
    except OSError as exc:
        LOG.warning("could not fetch %s: %s", url, exc)
        return []
    return [ln.split("#", 1)[0].strip() for ln in text.splitlines()]


def carrier_networks(cfg):
    nets = {}
    for name in cfg.sections():
        sec = cfg[name]
        raw = [c.strip() for c in sec.get("cidrs", "").split(",")]
        if sec.get("published_url"):
            raw += fetch_published(sec["published_url"])
        valid = []
        for cidr in raw:
            if not cidr:
                continue
            try:
                net = ipaddress.ip_network(cidr, strict=False)
            except ValueError:
                LOG.warning("[%s] ignoring bad range %r", name, cidr)
                continue
            if net.version == 4 and net.prefixlen >= 8:
                valid.append(net)
        nets[name] = sorted(set(valid))
        LOG.info("%-12s %d ranges", name, len(nets[name]))
    return nets


def build_ruleset(nets, log_drops):
    lines = ["*filter", f":{CHAIN} - [0:0]", f"-F {CHAIN}"]
    for carrier, ranges in nets.items():
        for net in ranges:
            lines.append(f"-A {CHAIN} -s {net} -p udp -m multiport --dports {SIP_PORTS} "
                         f"-m comment --comment \"carrier:{carrier}\" -j ACCEPT")
            lines.append(f"-A {CHAIN} -s {net} -p tcp -m multiport --dports {SIP_PORTS} "
                         f"-m comment --comment \"carrier:{carrier}\" -j ACCEPT")
    if log_drops:
        lines.append(f"-A {CHAIN} -p udp -m multiport --dports {SIP_PORTS} "
                     "-m limit --limit 10/min -j LOG --log-prefix \"sip-deny: \"")
    lines.append(f"-A {CHAIN} -p udp -m multiport --dports {SIP_PORTS} -j DROP")
    lines.append(f"-A {CHAIN} -p tcp -m multiport --dports {SIP_PORTS} -j DROP")
    lines.append("COMMIT")
    return "\n".join(lines) + "\n"


def chain_is_hooked():
    res = subprocess.run(["iptables", "-C", "INPUT", "-j", CHAIN],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return res.returncode == 0


def apply_ruleset(ruleset):
    proc = subprocess.run(["iptables-restore", "--noflush", "--wait", "5"],
                          input=ruleset, text=True, capture_output=True)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip() or "iptables-restore failed")
    if not chain_is_hooked():
        subprocess.run(["iptables", "-I", "INPUT", "1", "-j", CHAIN], check=True)
        LOG.info("hooked %s into INPUT", CHAIN)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="carriers.ini")
    ap.add_argument("--dry-run", action="store_true", help="print rules, do not load")
    ap.add_argument("--no-log", dest="log_drops", action="store_false")
    ap.add_argument("--archive", default="rulesets", help="keep a copy of each ruleset here")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = configparser.ConfigParser()
    if not cfg.read(args.config):
        LOG.error("cannot read %s", args.config)
        return 2

    nets = carrier_networks(cfg)
    if not any(nets.values()):
        LOG.error("no carrier ranges at all; refusing to load a deny-only chain")
        return 1
    ruleset = build_ruleset(nets, args.log_drops)

    archive = Path(args.archive)
    archive.mkdir(exist_ok=True)
    (archive / f"sip_trunks_{datetime.now():%Y%m%d_%H%M%S}.rules").write_text(ruleset)

    if args.dry_run:
        sys.stdout.write(ruleset)
        return 0
    try:
        apply_ruleset(ruleset)
    except (RuntimeError, subprocess.CalledProcessError, FileNotFoundError) as exc:
        LOG.error("could not load ruleset: %s", exc)
        return 1
    LOG.info("allowlist loaded: %d ranges", sum(len(v) for v in nets.values()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
