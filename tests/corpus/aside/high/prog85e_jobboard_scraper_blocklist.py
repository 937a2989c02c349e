#!/usr/bin/env python3
"""Keep competitor scrapers off the agency job board.

Rival agencies scrape /jobs and /jobs/<ref> to clone our vacancies and
cold-call the clients.  This reads the nginx access log, finds addresses
that pull far more vacancy pages than a human would, and drops their
traffic at the host for a day.  Search-engine crawlers in the allow list
are never blocked.
"""
import argparse
import configparser
import ipaddress
import json
import logging
import re
import subprocess
import sys
import time
from collections import Counter
from datetime import datetime, timedelta, timezone
from pathlib import Path

LOG = logging.getLogger("scraper-block")

LINE_RE = re.compile(
    r'^(?P<ip>\S+) \S+ \S+ \[(?P<ts>[^\]]+)\] "(?P<method>\S+) (?P<path>\S+) [^"]*" '
    r'(?P<status>\d{3}) \S+ "[^"]*" "(?P<ua>[^"]*)"'
)
CHAIN = "JOBBOARD_SCRAPERS"
STATE_FILE = Path("blocklist_state.json")


def read_settings(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict({"limits": {"window_minutes": "15", "max_job_hits": "300", "ban_hours": "24"},
                   "allow": {"networks": "66.249.64.0/19, 157.55.39.0/24, 127.0.0.0/8"}})
    cfg.read(path)
    nets = [ipaddress.ip_network(n.strip()) for n in cfg["allow"]["networks"].split(",") if n.strip()]
    return cfg["limits"], nets


def recent_hits(log_path, window):
    cutoff = datetime.now(timezone.utc) - window
    hits = Counter()
    with open(log_path, encoding="utf-8", errors="replace") as fh:
        for line in fh:
            m = LINE_RE.match(line)
            if not m or not m["path"].startswith("/jobs"):
                continue
            ts = datetime.strptime(m["ts"], "%d/%b/%Y:%H:%M:%S %z")
            if ts >= cutoff:
                hits[m["ip"]] += 1
    return hits


def allowed(ip, nets):
    try:
        addr = ipaddress.ip_address(ip)
    except ValueError:
        return True
    return any(addr in n for n in nets)


def load_state():
    if STATE_FILE.exists():
        return json.loads(STATE_FILE.read_text())
    return {}


def save_state(state):
    STATE_FILE.write_text(json.dumps(state, indent=2, sort_keys=True))


def apply_rules(bans, dry_run=False):
    """Rebuild the scraper chain in one transaction and hook it into INPUT."""
    lines = ["*filter", f":{CHAIN} - [0:0]", f"-F {CHAIN}"]
    for ip in sorted(bans):
        lines.append(f"-A {CHAIN} -s {ip}/32 -p tcp -m multiport --dports 80,443 -j DROP")
    lines.append(f"-A {CHAIN} -j RETURN")
    lines.append("COMMIT")
    ruleset = "\n".join(lines) + "\n"
    if dry_run:
        print(ruleset)
        return
    subprocess.run(["iptables-restore", "--noflush"], input=ruleset, text=True, check=True)
    hooked = subprocess.run(["iptables", "-C", "INPUT", "-j", CHAIN], capture_output=True)
    if hooked.returncode != 0:
        subprocess.run(["iptables", "-I", "INPUT", "1", "-j", CHAIN], check=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--log", default="/var/log/nginx/jobs_access.log")
    ap.add_argument("--config", default="scraper_block.ini")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    limits, allow_nets = read_settings(args.config)
    window = timedelta(minutes=limits.getint("window_minutes"))
    threshold = limits.getint("max_job_hits")
    ban_seconds = limits.getint("ban_hours") * 3600

    try:
        hits = recent_hits(args.log, window)
    except OSError as exc:
        LOG.error("cannot read %s: %s", args.log, exc)
        return 2

    now = int(time.time())
    state = {ip: until for ip, until in load_state().items() if until > now}
    for ip, count in hits.most_common():
        if count < threshold:
            break
        if allowed(ip, allow_nets):
            LOG.info("%s made %d job hits but is allow-listed", ip, count)
            continue
        if ip not in state:
            LOG.warning("blocking %s: %d job page hits in %s", ip, count, window)
        state[ip] = now + ban_seconds

    try:
        apply_rules(state.keys(), args.dry_run)
    except (subprocess.CalledProcessError, OSError) as exc:
        LOG.error("firewall update failed: %s", exc)
        return 1
    if not args.dry_run:
        save_state(state)
    LOG.info("%d address(es) currently blocked", len(state))
    return 0


if __name__ == "__main__":
    sys.exit(main())
