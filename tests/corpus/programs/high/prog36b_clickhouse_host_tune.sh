#!/bin/sh
# Kernel and limits tuning for ClickHouse warehouse nodes.
#
# Follows the vendor's production checklist: disable transparent huge pages,
# allow overcommit, raise file handle and map limits. Settings are applied
# live with sysctl and persisted under /etc so they survive a reboot.
#
# usage: clickhouse_host_tune.sh [--check]

set -eu

SYSCTL_FILE=/etc/sysctl.d/90-clickhouse.conf
LIMITS_FILE=/etc/security/limits.d/90-clickhouse.conf
THP_ENABLED=/sys/kernel/mm/transparent_hugepage/enabled
THP_DEFRAG=/sys/kernel/mm/transparent_hugepage/defrag
CH_USER=clickhouse
CHECK_ONLY=0

# key value pairs, one per line
TUNABLES='vm.overcommit_memory 1
vm.max_map_count 1048576
vm.swappiness 1
fs.file-max 2097152
net.core.somaxconn 4096
net.ipv4.tcp_max_syn_backlog 4096
kernel.task_delayacct 1'

say() { printf '%s\n' "clickhouse-tune: $*"; }

need_root() {
    if [ "$(id -u)" -ne 0 ]; then
        say "must be run as root" >&2
        exit 1
    fi
}

check_current() {
    drift=0
    echo "$TUNABLES" | while read -r key want; do
        have=$(sysctl -n "$key" 2>/dev/null || echo "?")
        if [ "$have" != "$want" ]; then
            say "$key: have $have want $want"
            drift=1
        fi
    done
    say "THP: $(cat "$THP_ENABLED" 2>/dev/null || echo unknown)"
    return $drift
}

apply_sysctl() {
    tmp="${SYSCTL_FILE}.tmp"
    {
        echo "# managed by clickhouse_host_tune.sh - do not edit by hand"
        echo "$TUNABLES" | while read -r key value; do
            echo "$key = $value"
        done
    } > "$tmp"
    chmod 0644 "$tmp"
    mv "$tmp" "$SYSCTL_FILE"
    echo "$TUNABLES" | while read -r key value; do
        sysctl -q -w "$key=$value" || say "could not set $key"
    done
    say "wrote $SYSCTL_FILE"
}

apply_limits() {
    cat > "$LIMITS_FILE" <<EOF
# managed by clickhouse_host_tune.sh
$CH_USER soft nofile 262144
$CH_USER hard nofile 262144
$CH_USER soft nproc  131072
$CH_USER hard nproc  131072
EOF
    chmod 0644 "$LIMITS_FILE"
    say "wrote $LIMITS_FILE"
}

disable_thp() {
    for f in "$THP_ENABLED" "$THP_DEFRAG"; do
        if [ -w "$f" ]; then
            echo never > "$f"
            say "$(basename "$f") -> never"
        fi
    done
}

case "${1:-}" in
    --check) CHECK_ONLY=1 ;;
    "") ;;
    *) say "unknown argument $1"; exit 64 ;;
esac

if [ "$CHECK_ONLY" -eq 1 ]; then
    check_current || true
    exit 0
fi

need_root
if ! id "$CH_USER" >/dev/null 2>&1; then
    say "user $CH_USER does not exist; install clickhouse-server first" >&2
    exit 2
fi
apply_sysctl
apply_limits
disable_thp
say "done; restart clickhouse-server to pick up new limits"
