#!/bin/sh
# ticket_rush_tuning.sh - prepare the ticketing VM for an on-sale rush
#
# Big-name signings sell out in minutes; the default kernel network limits
# drop connections well before the app is busy.  This raises the backlog and
# port limits for the duration of the on-sale and can put them back after.
#
#   ticket_rush_tuning.sh apply|revert|show

set -eu

PROFILE=/etc/sysctl.d/90-ticket-rush.conf
SAVED=./.sysctl_before_rush
KEYS="net.core.somaxconn net.ipv4.tcp_max_syn_backlog net.core.netdev_max_backlog \
net.ipv4.ip_local_port_range net.ipv4.tcp_fin_timeout net.ipv4.tcp_tw_reuse fs.file-max"

run_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo "$@"
    fi
}

desired() {
    case "$1" in
        net.core.somaxconn) echo 8192 ;;
        net.ipv4.tcp_max_syn_backlog) echo 16384 ;;
        net.core.netdev_max_backlog) echo 16384 ;;
        net.ipv4.ip_local_port_range) echo "10240 65000" ;;
        net.ipv4.tcp_fin_timeout) echo 15 ;;
        net.ipv4.tcp_tw_reuse) echo 1 ;;
        fs.file-max) echo 2097152 ;;
    esac
}

show() {
    for k in $KEYS; do
        printf '%-32s %s\n' "$k" "$(sysctl -n "$k" 2>/dev/null | tr '\t' ' ')"
    done
}

apply() {
    if [ ! -f "$SAVED" ]; then
        for k in $KEYS; do
            printf '%s = %s\n' "$k" "$(sysctl -n "$k" | tr '\t' ' ')"
        done > "$SAVED"
        echo "saved current values to $SAVED"
    fi
    {
        echo "# written by ticket_rush_tuning.sh on $(date -u +%FT%TZ)"
        for k in $KEYS; do
            printf '%s = %s\n' "$k" "$(desired "$k")"
        done
    } | run_root tee "$PROFILE" >/dev/null
    run_root sysctl -q -p "$PROFILE"
    echo "rush profile applied"
    show
}

revert() {
    [ -f "$SAVED" ] || { echo "nothing saved; not reverting" >&2; exit 1; }
    run_root rm -f "$PROFILE"
    while IFS= read -r line; do
        k="${line%% = *}"
        v="${line#* = }"
        run_root sysctl -q -w "$k=$v"
    done < "$SAVED"
    rm -f "$SAVED"
    echo "restored pre-rush values"
    show
}

case "${1:-show}" in
    apply) apply ;;
    revert) revert ;;
    show) show ;;
    *) echo "usage: $0 apply|revert|show" >&2; exit 64 ;;
esac
