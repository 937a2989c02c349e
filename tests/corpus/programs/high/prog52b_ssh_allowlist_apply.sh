#!/usr/bin/env bash
# ssh_allowlist_apply.sh - make sure every CIDR in allowlist.txt has an
# ACCEPT rule for SSH in the INPUT chain. Rules are only ever added
# (idempotently, checked with -C); existing rules and policies are left
# as they are.
#
#   ssh_allowlist_apply.sh [allowlist.txt] [--port 22] [--v6]
set -euo pipefail

LIST="allowlist.txt"
PORT=22
IPT="iptables"
COMMENT="ssh-allowlist"

for arg in "$@"; do
    case "$arg" in
        --v6) IPT="ip6tables" ;;
        --port=*) PORT="${arg#--port=}" ;;
        -*) echo "unknown flag $arg" >&2; exit 2 ;;
        *) LIST="$arg" ;;
    esac
done

log() { logger -t ssh-allowlist "$*" 2>/dev/null; echo "$*"; }

run_ipt() {
    if [ "$EUID" -eq 0 ]; then
        "$IPT" -w 5 "$@"
    else
        sudo -n "$IPT" -w 5 "$@"
    fi
}

valid_cidr() {
    if [ "$IPT" = "iptables" ]; then
        [[ "$1" =~ ^([0-9]{1,3}\.){3}[0-9]{1,3}(/([0-9]|[12][0-9]|3[0-2]))?$ ]]
    else
        [[ "$1" =~ ^[0-9a-fA-F:]+(/[0-9]{1,3})?$ ]]
    fi
}

rule_spec() {
    printf '%s\n' INPUT -s "$1" -p tcp --dport "$PORT" \
        -m conntrack --ctstate NEW \
        -m comment --comment "$COMMENT" -j ACCEPT
}

ensure_rule() {
    local cidr="$1" spec
    mapfile -t spec < <(rule_spec "$cidr")
    if run_ipt -C "${spec[@]}" 2>/dev/null; then
        echo "present  $cidr"
        return 1
    fi
    run_ipt -I "${spec[@]}"
    log "added    $cidr -> tcp/$PORT"
}

[ -r "$LIST" ] || { echo "allowlist $LIST not readable" >&2; exit 1; }

# Normalise the file: strip comments/blank lines, dedupe.
mapfile -t cidrs < <(sed -e 's/#.*//' -e 's/[[:space:]]//g' "$LIST" | awk 'NF && !seen[$0]++')

added=0
skipped=0
invalid=0
for cidr in "${cidrs[@]}"; do
    if ! valid_cidr "$cidr"; then
        echo "invalid  $cidr" >&2
        invalid=$((invalid + 1))
        continue
    fi
    if ensure_rule "$cidr"; then
        added=$((added + 1))
    else
        skipped=$((skipped + 1))
    fi
done

echo
run_ipt -L INPUT -n --line-numbers | awk -v c="$COMMENT" 'NR <= 2 || index($0, c)'
log "$added added, $skipped already present, $invalid invalid ($IPT, port $PORT)"
