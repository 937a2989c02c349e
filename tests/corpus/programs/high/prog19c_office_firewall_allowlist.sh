#!/bin/bash
# Maintain an allow-list of office and VPN ranges for SSH and the admin UI.
# Rules live in a dedicated chain (OFFICE_ALLOW) jumped to from INPUT, so the
# rest of the host firewall is left untouched.
set -euo pipefail

CHAIN="OFFICE_ALLOW"
RANGES_FILE="${RANGES_FILE:-./office_ranges.txt}"
RULES_SAVE="/etc/iptables/rules.v4"
ADMIN_PORTS="22,8443"

ipt() { sudo iptables -w 5 "$@"; }

die() { echo "error: $*" >&2; exit 1; }

ensure_chain() {
    if ! ipt -nL "$CHAIN" >/dev/null 2>&1; then
        ipt -N "$CHAIN"
        echo "created chain $CHAIN"
    fi
    if ! ipt -C INPUT -p tcp -m multiport --dports "$ADMIN_PORTS" -j "$CHAIN" 2>/dev/null; then
        ipt -I INPUT 1 -p tcp -m multiport --dports "$ADMIN_PORTS" -j "$CHAIN"
    fi
}

load_ranges() {
    [[ -r "$RANGES_FILE" ]] || die "cannot read $RANGES_FILE"
    # strip comments and blank lines
    grep -Ev '^\s*(#|$)' "$RANGES_FILE" | awk '{print $1}'
}

valid_cidr() {
    [[ "$1" =~ ^([0-9]{1,3}\.){3}[0-9]{1,3}/([0-9]|[12][0-9]|3[0-2])$ ]]
}

sync_rules() {
    local cidr added=0 skipped=0
    while read -r cidr; do
        if ! valid_cidr "$cidr"; then
            echo "skip invalid entry: $cidr"
            skipped=$((skipped + 1))
            continue
        fi
        if ! ipt -C "$CHAIN" -s "$cidr" -j ACCEPT 2>/dev/null; then
            ipt -I "$CHAIN" 1 -s "$cidr" -j ACCEPT
            added=$((added + 1))
        fi
    done < <(load_ranges)

    # everything not in the allow-list is dropped for these ports only
    ipt -C "$CHAIN" -j DROP 2>/dev/null || ipt -A "$CHAIN" -j DROP
    echo "added $added range(s), skipped $skipped"
}

persist() {
    sudo mkdir -p "$(dirname "$RULES_SAVE")"
    sudo iptables-save | sudo tee "$RULES_SAVE" >/dev/null
    echo "saved rules to $RULES_SAVE"
}

list() {
    ipt -nL "$CHAIN" --line-numbers
}

case "${1:-sync}" in
    sync)
        ensure_chain
        sync_rules
        persist
        ;;
    list)
        list
        ;;
    check)
        load_ranges | while read -r c; do
            valid_cidr "$c" && echo "ok   $c" || echo "bad  $c"
        done
        ;;
    *)
        cat >&2 <<EOF
usage: $0 [sync|list|check]
  sync   add missing ranges from $RANGES_FILE and save
  list   show the $CHAIN chain
  check  validate $RANGES_FILE without touching iptables
EOF
        exit 2
        ;;
esac
