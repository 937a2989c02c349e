#!/bin/sh
# dashboard_host_prep.sh - prepare a fresh VM to host the benchmark dashboard.
#
# Opens the dashboard and ingestion ports, raises the connection backlog
# for the ingestion burst that follows every nightly run and persists those
# settings so they survive a reboot.  Idempotent: safe to re-run.
#
#   DASH_PORT=8080 INGEST_PORT=8443 ./dashboard_host_prep.sh [--dry-run]
set -eu

DASH_PORT=${DASH_PORT:-8080}
INGEST_PORT=${INGEST_PORT:-8443}
ALLOW_FROM=${ALLOW_FROM:-0.0.0.0/0}
SYSCTL_FILE=/etc/sysctl.d/60-bench-dashboard.conf
DRY=0

[ "${1:-}" = "--dry-run" ] && DRY=1

msg() { printf '[host-prep] %s\n' "$*"; }

# doas on the Alpine hosts, sudo everywhere else
if [ "$(id -u)" -eq 0 ]; then
    ELEVATE=""
elif command -v doas >/dev/null 2>&1; then
    ELEVATE="doas"
else
    ELEVATE="sudo"
fi

run() {
    if [ "$DRY" -eq 1 ]; then
        msg "would run: $ELEVATE $*"
    else
        $ELEVATE "$@"
    fi
}

tune_kernel() {
    msg "raising backlog / port range for ingestion bursts"
    settings="net.core.somaxconn=4096
net.ipv4.tcp_max_syn_backlog=8192
net.ipv4.ip_local_port_range=10240 65000
net.ipv4.tcp_fin_timeout=15"
    echo "$settings" | while IFS= read -r kv; do
        run sysctl -w "$kv" >/dev/null
    done
    if [ "$DRY" -eq 0 ]; then
        printf '# managed by dashboard_host_prep.sh\n%s\n' "$settings" \
            | $ELEVATE tee "$SYSCTL_FILE" >/dev/null
    fi
}

open_port() {
    port=$1
    if $ELEVATE iptables -C INPUT -p tcp -s "$ALLOW_FROM" --dport "$port" -j ACCEPT 2>/dev/null; then
        msg "port $port already open"
        return 0
    fi
    msg "opening tcp/$port for $ALLOW_FROM"
    run iptables -I INPUT 1 -p tcp -s "$ALLOW_FROM" --dport "$port" \
        -m conntrack --ctstate NEW -m comment --comment bench-dashboard -j ACCEPT
}

persist_rules() {
    if command -v netfilter-persistent >/dev/null 2>&1; then
        run netfilter-persistent save
    elif [ -d /etc/iptables ]; then
        [ "$DRY" -eq 1 ] || $ELEVATE sh -c 'iptables-save > /etc/iptables/rules.v4'
    else
        msg "no iptables persistence available; rules last until reboot"
    fi
}

check() {
    for p in "$DASH_PORT" "$INGEST_PORT"; do
        case "$p" in
            ''|*[!0-9]*) msg "invalid port: $p"; exit 2 ;;
        esac
    done
    command -v iptables >/dev/null 2>&1 || { msg "iptables not installed"; exit 3; }
}

check
tune_kernel
open_port "$DASH_PORT"
open_port "$INGEST_PORT"
persist_rules
msg "done; dashboard on :$DASH_PORT, ingestion on :$INGEST_PORT"
