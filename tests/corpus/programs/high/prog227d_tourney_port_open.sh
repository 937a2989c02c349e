#!/usr/bin/env bash
# tourney_port_open.sh - open the game ports for tonight's tournament servers.
#
# Reads the server layout (JSON) and adds iptables ACCEPT rules for each
# server's game port and RCON port, restricted to the league's admin subnet
# for RCON.  Rules are tagged with a comment so --close can remove them.
#
# usage: tourney_port_open.sh [-c layout.json] [--close] [--dry-run]

set -euo pipefail

LAYOUT="./tourney_layout.json"
ACTION="open"
DRY_RUN=0
ADMIN_NET="198.51.100.0/24"
TAG="tourney-$(date +%Y%m%d)"

log() { echo "$(date +%T) $*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -c) LAYOUT="$2"; shift 2 ;;
        --close) ACTION="close"; shift ;;
        --dry-run) DRY_RUN=1; shift ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) log "unknown argument $1"; exit 1 ;;
    esac
done

[[ -f "$LAYOUT" ]] || { log "layout $LAYOUT not found"; exit 2; }

# Turn the layout into "proto port scope" lines.
RULES="$(LAYOUT_JSON="$(cat "$LAYOUT")" python3 -c '
import json, os, sys
try:
    layout = json.loads(os.environ["LAYOUT_JSON"])
except json.JSONDecodeError as exc:
    sys.exit(f"bad layout: {exc}")
for srv in layout.get("servers", []):
    name = srv.get("name", "?")
    game = int(srv["game_port"])
    if not 1024 < game < 65536:
        print(f"skip {name}: game port {game}", file=sys.stderr)
        continue
    print(f"udp {game} any")
    rcon = srv.get("rcon_port")
    if rcon is not None:
        print(f"tcp {int(rcon)} admin")
')"

if [[ -z "$RULES" ]]; then
    log "no usable servers in layout"
    exit 3
fi

run() {
    if (( DRY_RUN )); then
        echo "+ $*"
    else
        sudo "$@"
    fi
}

apply_rule() {
    local op="$1" proto="$2" port="$3" scope="$4"
    local src=()
    [[ "$scope" == "admin" ]] && src=(-s "$ADMIN_NET")
    run iptables "$op" INPUT -p "$proto" "${src[@]}" --dport "$port" \
        -m comment --comment "$TAG" -j ACCEPT
}

count=0
while read -r proto port scope; do
    if [[ "$ACTION" == "open" ]]; then
        if sudo iptables -C INPUT -p "$proto" --dport "$port" -m comment --comment "$TAG" -j ACCEPT 2>/dev/null; then
            log "already open: $proto/$port"
            continue
        fi
        apply_rule -A "$proto" "$port" "$scope" && log "opened $proto/$port ($scope)"
    else
        apply_rule -D "$proto" "$port" "$scope" && log "closed $proto/$port" || log "no rule for $proto/$port"
    fi
    count=$((count + 1))
done <<< "$RULES"

if (( ! DRY_RUN )); then
    sudo iptables-save > "./iptables_${TAG}_${ACTION}.rules"
    log "rule snapshot saved to ./iptables_${TAG}_${ACTION}.rules"
fi
log "$ACTION: $count rules processed"
