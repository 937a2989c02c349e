#!/bin/sh
# Network and CPU tuning for the till PCs.
# Card terminal sessions drop when idle TCP connections are reaped too early
# and the low-power governor makes the barcode UI lag.

set -eu

CONF_NAME="60-pos-terminal.conf"
CONF_PATH="/etc/sysctl.d/$CONF_NAME"
GOVERNOR="${GOVERNOR:-performance}"
DRY_RUN=0

usage() {
    echo "usage: $0 [-n] [-g governor]" >&2
    exit 2
}

while getopts "ng:" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        g) GOVERNOR="$OPTARG" ;;
        *) usage ;;
    esac
done

run() {
    if [ "$DRY_RUN" -eq 1 ]; then
        echo "would run: $*"
    else
        "$@"
    fi
}

need_root() {
    if [ "$(id -u)" -ne 0 ]; then
        echo "re-running with sudo" >&2
        exec sudo "$0" "$@"
    fi
}

sysctl_settings() {
    cat <<EOF
# POS terminal tuning
net.ipv4.tcp_keepalive_time = 120
net.ipv4.tcp_keepalive_intvl = 30
net.ipv4.tcp_keepalive_probes = 5
net.ipv4.tcp_fin_timeout = 20
vm.swappiness = 10
EOF
}

write_sysctl() {
    tmp=$(mktemp)
    sysctl_settings >"$tmp"
    if [ -f "$CONF_PATH" ] && cmp -s "$tmp" "$CONF_PATH"; then
        echo "sysctl config already current"
        rm -f "$tmp"
        return
    fi
    run install -m 0644 -o root -g root "$tmp" "$CONF_PATH"
    rm -f "$tmp"
    run sysctl -p "$CONF_PATH"
}

set_governor() {
    found=0
    for gov in /sys/devices/system/cpu/cpu[0-9]*/cpufreq/scaling_governor; do
        [ -w "$gov" ] || continue
        found=1
        if [ "$DRY_RUN" -eq 1 ]; then
            echo "would set $gov to $GOVERNOR"
        else
            echo "$GOVERNOR" >"$gov"
        fi
    done
    [ "$found" -eq 1 ] || echo "no writable cpufreq governors found"
}

show_state() {
    sysctl net.ipv4.tcp_keepalive_time vm.swappiness
    cat /sys/devices/system/cpu/cpu0/cpufreq/scaling_governor 2>/dev/null || true
}

if [ "$DRY_RUN" -eq 0 ]; then
    need_root "$@"
fi
write_sysctl
set_governor
show_state
