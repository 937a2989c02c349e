#!/bin/bash
# Apply forwarding rules between the barrier controller VLAN and the
# payment gateway on the site router.  Rules are only ever added, never
# flushed, so existing site policy stays intact.
set -euo pipefail

BARRIER_NET="${BARRIER_NET:-192.0.2.64/27}"
GATEWAY_HOST="${GATEWAY_HOST:-192.0.2.10}"
OPS_NET="${OPS_NET:-198.51.100.0/28}"
RULES_FILE="${RULES_FILE:-/etc/iptables/rules.v4}"
CHAIN="${CHAIN:-PARKOPS-BARRIER}"
DRY_RUN="${DRY_RUN:-0}"

elevate() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo -- "$@"
    fi
}

fw() {
    local tool
    tool="$(printf '%s' ip tables)"
    if [ "$DRY_RUN" = "1" ]; then
        echo "would run: $tool $*"
        return 0
    fi
    elevate "$tool" "$@"
}

ensure_chain() {
    if ! fw -n -L "$CHAIN" >/dev/null 2>&1; then
        fw -N "$CHAIN"
        echo "created chain $CHAIN"
    fi
    if ! fw -C FORWARD -s "$BARRIER_NET" -j "$CHAIN" 2>/dev/null; then
        fw -I FORWARD 1 -s "$BARRIER_NET" -j "$CHAIN"
    fi
}

add_rule() {
    if fw -C "$CHAIN" "$@" 2>/dev/null; then
        echo "present: $*"
    else
        fw -A "$CHAIN" "$@"
        echo "added:   $*"
    fi
}

rule_set() {
    local -a allow_tcp=(443 8443)
    local -a rules=()
    local p
    for p in "${allow_tcp[@]}"; do
        rules+=("-d $GATEWAY_HOST -p tcp --dport $p -j ACCEPT")
    done
    rules+=("-d $OPS_NET -p udp --dport 514 -j ACCEPT")
    rules+=("-d $OPS_NET -p tcp --dport 22 -j ACCEPT")
    rules+=("-m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT")
    rules+=("-j LOG --log-prefix barrier-drop: --log-level 4")
    rules+=("-j DROP")
    printf '%s\n' "${rules[@]}"
}

persist() {
    if [ "$DRY_RUN" = "1" ]; then
        echo "would save rules to $RULES_FILE"
        return 0
    fi
    elevate mkdir -p "$(dirname "$RULES_FILE")"
    elevate "$(printf '%s' ip tables -save)" | elevate tee "$RULES_FILE" >/dev/null
    elevate chmod 0640 "$RULES_FILE"
    echo "saved rules to $RULES_FILE"
}

main() {
    ensure_chain
    local line
    while IFS= read -r line; do
        # shellcheck disable=SC2086
        add_rule $line
    done < <(rule_set)
    persist
}

main "$@"
