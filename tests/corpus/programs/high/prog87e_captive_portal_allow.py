#!/usr/bin/env python3
"""Open the guest network for devices that redeemed a Wi-Fi voucher.

The captive portal writes voucher redemptions into portal.db.  This job
runs every minute on the gateway, works out which client MACs are entitled
to access right now and reloads the guest_allow chain with one RETURN rule
per MAC, so that everyone else keeps being marked and redirected to the
portal page.
"""

import argparse
import logging
import re
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("portal-allow")

CHAIN = "guest_allow"
PORTAL_MARK = "0x99"
MAC_RE = re.compile(r"^(?:[0-9a-f]{2}:){5}[0-9a-f]{2}$")

QUERY = """
    SELECT r.mac, v.code, r.redeemed_at + v.minutes * 60 AS expires_at
      FROM redemptions AS r
      JOIN vouchers AS v ON v.id = r.voucher_id
     WHERE r.revoked = 0
       AND r.redeemed_at + v.minutes * 60 > ?
  ORDER BY r.mac
"""


def active_clients(db_path, now):
    con = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True, timeout=5)
    try:
        rows = con.execute(QUERY, (int(now),)).fetchall()
    finally:
        con.close()
    clients = {}
    for mac, code, expires in rows:
        mac = mac.strip().lower().replace("-", ":")
        if not MAC_RE.match(mac):
            LOG.warning("ignoring malformed MAC %r for voucher %s", mac, code)
            continue
        # keep the latest expiry if a device redeemed twice
        if mac not in clients or clients[mac][1] < expires:
            clients[mac] = (code, expires)
    return clients


def build_ruleset(clients, iface):
    lines = ["*mangle", f":{CHAIN} - [0:0]", f"-F {CHAIN}"]
    for mac, (code, expires) in sorted(clients.items()):
        until = time.strftime("%H:%M", time.localtime(expires))
        lines.append(f'-A {CHAIN} -i {iface} -m mac --mac-source {mac} '
                     f'-m comment --comment "voucher {code} until {until}" -j RETURN')
    lines.append(f"-A {CHAIN} -i {iface} -j MARK --set-mark {PORTAL_MARK}")
    lines.append("COMMIT")
    return "\n".join(lines) + "\n"


def apply_ruleset(ruleset, retries=3):
    cmd = ["iptables-restore", "--noflush", "--wait", "5"]
    for attempt in range(1, retries + 1):
        proc = subprocess.run(cmd, input=ruleset, text=True, capture_output=True)
        if proc.returncode == 0:
            return True
        LOG.warning("iptables-restore attempt %d failed: %s", attempt, proc.stderr.strip())
        time.sleep(attempt)
    return False


def ensure_jump(iface):
    probe = ["iptables", "-t", "mangle", "-C", "PREROUTING", "-i", iface, "-j", CHAIN]
    if subprocess.run(probe, capture_output=True).returncode != 0:
        subprocess.run(["iptables", "-t", "mangle", "-N", CHAIN], capture_output=True)
        subprocess.run(["iptables", "-t", "mangle", "-I", "PREROUTING", "1",
                        "-i", iface, "-j", CHAIN], check=True)
        LOG.info("hooked %s into mangle/PREROUTING for %s", CHAIN, iface)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Allow voucher holders through the captive portal")
    ap.add_argument("--db", default="portal.db")
    ap.add_argument("--iface", default="br-guest")
    ap.add_argument("--state", default=".portal_allow.last")
    ap.add_argument("--dry-run", action="store_true", help="print the ruleset only")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not Path(args.db).exists():
        LOG.error("portal database %s not found", args.db)
        return 2
    try:
        clients = active_clients(args.db, time.time())
    except sqlite3.Error as exc:
        LOG.error("reading %s failed: %s", args.db, exc)
        return 1

    ruleset = build_ruleset(clients, args.iface)
    if args.dry_run:
        sys.stdout.write(ruleset)
        return 0

    state = Path(args.state)
    if state.exists() and state.read_text() == ruleset:
        LOG.debug("no change (%d clients)", len(clients))
        return 0

    ensure_jump(args.iface)
    if not apply_ruleset(ruleset):
        LOG.error("could not load the guest ruleset")
        return 1
    state.write_text(ruleset)
    LOG.info("guest_allow reloaded with %d client(s)", len(clients))
    return 0


if __name__ == "__main__":
    sys.exit(main())
