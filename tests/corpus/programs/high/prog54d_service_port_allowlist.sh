#!/usr/bin/env bash
# service_port_allowlist.sh - open inbound ports for the roles listed in
# ./host-roles.conf (one role per line) and persist the ruleset.
# Usage: service_port_allowlist.sh [-c conf] [-s source-cidr] [-n]
set -euo pipefail

CONF="./host-roles.conf"
SRC_CIDR="10.0.0.0/8"
DRY=0
CHAIN="ROLE-ALLOW"
RULES_FILE="/etc/iptables/rules.v4"

while getopts ":c:s:n" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        s) SRC_CIDR="$OPTARG" ;;
        n) DRY=1 ;;
        *) echo "usage: $0 [-c conf] [-s cidr] [-n]" >&2; exit 2 ;;
    esac
done

ports_for_role() {
    case "$1" in
        web)        echo "tcp:80 tcp:443" ;;
        postgres)   echo "tcp:5432" ;;
        redis)      echo "tcp:6379" ;;
        dns)        echo "udp:53 tcp:53" ;;
        monitoring) echo "tcp:9100 tcp:9090" ;;
        syslog)     echo "udp:514 tcp:6514" ;;
        *)          return 1 ;;
    esac
}

ipt() {
    if (( DRY )); then
        echo "iptables $*"
    else
        sudo iptables "$@"
    fi
}

[[ -r "$CONF" ]] || { echo "missing $CONF" >&2; exit 1; }
mapfile -t roles < <(grep -Ev '^\s*(#|$)' "$CONF" | tr -d ' ')

declare -a specs=()
for role in "${roles[@]}"; do
    if p=$(ports_for_role "$role"); then
        read -r -a more <<< "$p"
        specs+=("${more[@]}")
    else
        echo "warning: unknown role '$role' ignored" >&2
    fi
done
(( ${#specs[@]} )) || { echo "no ports to open" >&2; exit 0; }

# dedicated chain so re-runs replace only our own rules
if ! ipt -n -L "$CHAIN" >/dev/null 2>&1; then
    ipt -N "$CHAIN"
fi
ipt -F "$CHAIN"
ipt -C INPUT -j "$CHAIN" 2>/dev/null || ipt -I INPUT 1 -j "$CHAIN"

declare -A seen=()
for spec in "${specs[@]}"; do
    [[ -n "${seen[$spec]:-}" ]] && continue
    seen[$spec]=1
    proto="${spec%%:*}"
    port="${spec##*:}"
    ipt -A "$CHAIN" -p "$proto" -s "$SRC_CIDR" --dport "$port" \
        -m conntrack --ctstate NEW -m comment --comment "role-allow $spec" -j ACCEPT
done
ipt -A "$CHAIN" -j RETURN

if (( DRY )); then
    echo "would save to $RULES_FILE"
else
    sudo mkdir -p "$(dirname "$RULES_FILE")"
    sudo sh -c "iptables-save > '$RULES_FILE'"
    echo "opened ${#seen[@]} port(s) for: ${roles[*]}; saved to $RULES_FILE"
fi
