#!/bin/sh
# lowlat: network tweaks people swear by for online games / game streaming.
#   lowlat apply    - back up current values to ./lowlat-backup.conf, apply tweaks
#   lowlat restore  - put the backed-up values back
#   lowlat show     - print current values
# Changes are runtime only (gone after reboot).  Needs sudo for sysctl -w.

BACKUP=./lowlat-backup.conf

# key=value pairs applied by "apply"
TWEAKS="
net.core.default_qdisc=fq
net.ipv4.tcp_congestion_control=bbr
net.ipv4.tcp_low_latency=1
net.ipv4.tcp_fastopen=3
net.ipv4.tcp_slow_start_after_idle=0
net.core.rmem_max=16777216
net.core.wmem_max=16777216
net.core.netdev_max_backlog=5000
net.ipv4.tcp_mtu_probing=1
"

msg() { printf 'lowlat: %s\n' "$*"; }

if [ "$(id -u)" -eq 0 ]; then
    SUDO=""
else
    SUDO="sudo"
    command -v sudo >/dev/null 2>&1 || { msg "sudo not found; run as root"; exit 1; }
fi

keys() {
    printf '%s\n' "$TWEAKS" | sed -n 's/=.*//p'
}

show() {
    for k in $(keys); do
        printf '%-40s %s\n' "$k" "$(sysctl -n "$k" 2>/dev/null || echo n/a)"
    done
}

backup() {
    if [ -f "$BACKUP" ]; then
        msg "backup already exists at $BACKUP, keeping the original"
        return 0
    fi
    : > "$BACKUP"
    for k in $(keys); do
        v=$(sysctl -n "$k" 2>/dev/null) || continue
        printf '%s=%s\n' "$k" "$v" >> "$BACKUP"
    done
    chmod 600 "$BACKUP"
    msg "saved $(wc -l < "$BACKUP") values to $BACKUP"
}

ensure_bbr() {
    if ! sysctl -n net.ipv4.tcp_available_congestion_control 2>/dev/null | grep -qw bbr; then
        msg "loading tcp_bbr module"
        $SUDO modprobe tcp_bbr 2>/dev/null || msg "bbr not available on this kernel, skipping"
    fi
}

apply() {
    backup
    ensure_bbr
    failed=0
    for pair in $TWEAKS; do
        if $SUDO sysctl -q -w "$pair" >/dev/null 2>&1; then
            msg "set $pair"
        else
            msg "could not set $pair"
            failed=$((failed + 1))
        fi
    done
    [ "$failed" -eq 0 ] || msg "$failed setting(s) failed"
}

restore() {
    if [ ! -f "$BACKUP" ]; then
        msg "no backup at $BACKUP"
        exit 1
    fi
    while IFS= read -r line; do
        case "$line" in ''|'#'*) continue ;; esac
        $SUDO sysctl -q -w "$line" >/dev/null && msg "restored $line"
    done < "$BACKUP"
    rm -f "$BACKUP"
}

case "${1:-show}" in
    apply) apply ;;
    restore) restore ;;
    show) show ;;
    *) echo "usage: $0 {apply|restore|show}" >&2; exit 2 ;;
esac
