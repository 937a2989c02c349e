#!/bin/bash
# Provision clock sync and local name resolution on a new POS terminal.
# Card terminals reject transactions when the till clock drifts, so every
# new till gets pointed at the store's time source before it goes live.
set -euo pipefail

STORE_NTP="${STORE_NTP:-192.0.2.10}"
FALLBACK_NTP="${FALLBACK_NTP:-ntp.umi-sushi.example}"
PRINTER_IP="${PRINTER_IP:-192.0.2.40}"
KDS_IP="${KDS_IP:-192.0.2.41}"

msg() { printf '==> %s\n' "$*"; }

conf_dir() {
    local parts=(etc systemd timesyncd.conf.d)
    local IFS=/
    printf '/%s' "${parts[*]}"
}

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo "$@"
    fi
}

put_file() {
    local dest="$1" mode="$2"
    as_root install -D -m "$mode" /dev/stdin "$dest"
}

write_timesync() {
    put_file "$(conf_dir)/10-umi-store.conf" 0644 <<CONF
[Time]
NTP=${STORE_NTP}
FallbackNTP=${FALLBACK_NTP}
PollIntervalMaxSec=1024
CONF
    msg "time source set to ${STORE_NTP}"
}

hosts_block() {
    cat <<HOSTS
# umi-pos begin
${PRINTER_IP} receipt-printer.store.umi-sushi.example
${KDS_IP} kitchen-display.store.umi-sushi.example
${STORE_NTP} timesource.store.umi-sushi.example
# umi-pos end
HOSTS
}

write_hosts() {
    local hosts=/etc/hosts tmp
    tmp="$(mktemp)"
    sed '/# umi-pos begin/,/# umi-pos end/d' "$hosts" >"$tmp"
    hosts_block >>"$tmp"
    as_root cp "$tmp" "$hosts"
    as_root chmod 0644 "$hosts"
    rm -f "$tmp"
    msg "store hosts entries refreshed"
}

apply() {
    local unit=systemd-timesyncd
    as_root systemctl restart "$unit"
    as_root systemctl is-active --quiet "$unit" || msg "warning: $unit not active"
    as_root timedatectl set-ntp true
    as_root timedatectl set-timezone "${STORE_TZ:-Asia/Tokyo}"
    msg "clock service restarted"
}

check() {
    timedatectl show -p NTPSynchronized --value 2>/dev/null || echo unknown
    getent hosts receipt-printer.store.umi-sushi.example || echo "printer name not resolving"
}

usage() {
    echo "usage: $0 [apply|check|hosts-only]" >&2
}

case "${1:-apply}" in
    apply)
        write_timesync
        write_hosts
        apply
        check
        ;;
    hosts-only)
        write_hosts
        ;;
    check)
        check
        ;;
    *)
        usage
        exit 2
        ;;
esac
