#!/usr/bin/env bash
# upload_rate_limit.sh - add iptables rate limiting for the document upload
# endpoint during the application deadline rush.  Rules are generated from
# a small JSON policy by python, written to a rules script, and applied.
set -euo pipefail

POLICY="${POLICY:-./upload_policy.json}"
RULES_FILE="./build/upload_rate_limit.rules.sh"
CHAIN="PORTAL_UPLOAD"
APPLY=1

log() { echo "[rate-limit] $*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --policy) POLICY="$2"; shift 2 ;;
        --render-only) APPLY=0; shift ;;
        -h|--help) echo "Usage: $0 [--policy FILE] [--render-only]"; exit 0 ;;
        *) log "unknown argument $1"; exit 2 ;;
    esac
done

mkdir -p ./build

RL_POLICY="$POLICY" RL_CHAIN="$CHAIN" python3 - > "$RULES_FILE" <<'PYEOF'
import ipaddress
import json
import os
import sys

defaults = {
    "port": 443,
    "per_minute": 30,
    "burst": 60,
    "allow": ["198.51.100.0/24"],   # admissions office network
}
try:
    with open(os.environ["RL_POLICY"]) as fh:
        policy = {**defaults, **json.load(fh)}
except (OSError, ValueError) as exc:
    print(f"# policy unreadable ({exc}), using defaults", file=sys.stderr)
    policy = defaults

chain = os.environ["RL_CHAIN"]
port = int(policy["port"])
lines = [
    "#!/bin/sh",
    "set -e",
    f"iptables -N {chain} 2>/dev/null || true",
    f"iptables -C INPUT -p tcp --dport {port} -j {chain} 2>/dev/null || "
    f"iptables -I INPUT -p tcp --dport {port} -j {chain}",
]
for net in policy["allow"]:
    ipaddress.ip_network(net)  # validate
    lines.append(f"iptables -A {chain} -s {net} -j RETURN")
lines.append(
    f"iptables -A {chain} -p tcp --dport {port} -m conntrack --ctstate NEW "
    f"-m hashlimit --hashlimit-name portal_upload --hashlimit-mode srcip "
    f"--hashlimit-above {int(policy['per_minute'])}/minute "
    f"--hashlimit-burst {int(policy['burst'])} -j DROP")
lines.append(f"iptables -A {chain} -j RETURN")
print("\n".join(lines))
PYEOF

log "rules rendered to $RULES_FILE ($(grep -c '^iptables' "$RULES_FILE") commands)"

if (( ! APPLY )); then
    cat "$RULES_FILE"
    exit 0
fi

if sudo iptables -S "$CHAIN" >/dev/null 2>&1; then
    log "chain $CHAIN already exists; appending new rules after existing ones"
fi

sudo sh "$RULES_FILE"
log "rules applied:"
sudo iptables -S "$CHAIN" | sed 's/^/    /' >&2
