#!/usr/bin/env bash
# suspend_unpaid_accounts.sh - apply billing suspensions on the BNG host.
#
# Billing exports billing_status.csv (account,ip,status).  Accounts with
# status "suspended" get a REJECT rule in the NOC_SUSPEND chain; accounts
# back to "active" have their rule removed.  Needs sudo for iptables.
#
# Usage: suspend_unpaid_accounts.sh [-f CSV] [-n]   (-n = dry run)
set -euo pipefail

CSV="./billing_status.csv"
DRY=0
CHAIN="NOC_SUSPEND"
LOG="./suspend_actions.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }
ipt() {
  if (( DRY )); then echo "DRY: iptables $*"; return 0; fi
  sudo iptables "$@"
}

while getopts ":f:n" opt; do
  case "$opt" in
    f) CSV="$OPTARG" ;;
    n) DRY=1 ;;
    *) echo "usage: $0 [-f csv] [-n]" >&2; exit 2 ;;
  esac
done

[[ -r "$CSV" ]] || { log "cannot read $CSV"; exit 2; }

# Parse and validate the billing export in python; emit "ACTION IP ACCOUNT"
ACTIONS="$(CSV_PATH="$CSV" python3 - <<'PY'
import csv, ipaddress, os, sys
allowed = [ipaddress.ip_network(n) for n in ("198.51.100.0/24", "203.0.113.0/24")]
with open(os.environ["CSV_PATH"], newline="") as fh:
    for row in csv.DictReader(fh):
        try:
            ip = ipaddress.ip_address(row["ip"].strip())
        except (KeyError, ValueError):
            print(f"bad row: {row}", file=sys.stderr)
            continue
        if not any(ip in n for n in allowed):
            print(f"skip {ip}: not a customer range", file=sys.stderr)
            continue
        status = row.get("status", "").strip().lower()
        acct = row.get("account", "?").strip()
        if status == "suspended":
            print(f"ADD {ip} {acct}")
        elif status == "active":
            print(f"DEL {ip} {acct}")
PY
)"

# Make sure our chain exists and is hooked into FORWARD
if ! sudo iptables -n -L "$CHAIN" >/dev/null 2>&1; then
  ipt -N "$CHAIN"
  log "created chain $CHAIN"
fi
if ! sudo iptables -C FORWARD -j "$CHAIN" 2>/dev/null; then
  ipt -I FORWARD 1 -j "$CHAIN"
  log "hooked $CHAIN into FORWARD"
fi

added=0; removed=0
while read -r action ip acct; do
  [[ -n "${action:-}" ]] || continue
  rule=(-s "$ip" -m comment --comment "acct:$acct" -j REJECT)
  case "$action" in
    ADD)
      if ! sudo iptables -C "$CHAIN" "${rule[@]}" 2>/dev/null; then
        ipt -A "$CHAIN" "${rule[@]}" && added=$((added + 1))
        log "suspended $acct ($ip)"
      fi ;;
    DEL)
      if sudo iptables -C "$CHAIN" "${rule[@]}" 2>/dev/null; then
        ipt -D "$CHAIN" "${rule[@]}" && removed=$((removed + 1))
        log "restored $acct ($ip)"
      fi ;;
  esac
done <<< "$ACTIONS"

log "done: $added suspended, $removed restored"
