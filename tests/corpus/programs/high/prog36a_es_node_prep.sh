#!/bin/sh
# Node preparation for Elasticsearch / OpenSearch data nodes.
#
# Runs once per node from the "search-node-prep" DaemonSet (privileged
# init container, host PID) or by hand on bare-metal workers.  Applies the
# kernel settings the search pods need, persists them so they survive a
# reboot, loads the overlay/br_netfilter modules expected by the CNI and
# raises file descriptor limits.  Idempotent: re-running is harmless.
#
# Environment:
#   MAX_MAP_COUNT   (default 262144)
#   SWAPPINESS      (default 1)
#   DRY_RUN=1       print what would change

set -eu

MAX_MAP_COUNT=${MAX_MAP_COUNT:-262144}
SWAPPINESS=${SWAPPINESS:-1}
DRY_RUN=${DRY_RUN:-0}
SYSCTL_FILE=/etc/sysctl.d/90-search-node.conf
LIMITS_FILE=/etc/security/limits.d/90-search-node.conf
MODULES_FILE=/etc/modules-load.d/search-node.conf
MARKER=/var/lib/search-node-prep/done

log() {
    echo "[node-prep $(hostname)] $*"
}

run() {
    if [ "$DRY_RUN" = "1" ]; then
        log "dry-run: $*"
    else
        "$@"
    fi
}

write_file() {
    # write_file PATH MODE <<EOF ... ; only rewrites when content differs
    target=$1
    mode=$2
    tmp=$(mktemp)
    cat > "$tmp"
    if [ -f "$target" ] && cmp -s "$tmp" "$target"; then
        log "$target unchanged"
        rm -f "$tmp"
        return 0
    fi
    log "updating $target"
    if [ "$DRY_RUN" = "1" ]; then
        sed 's/^/    /' "$tmp"
        rm -f "$tmp"
        return 0
    fi
    mkdir -p "$(dirname "$target")"
    install -o root -g root -m "$mode" "$tmp" "$target"
    rm -f "$tmp"
}

current() {
    sysctl -n "$1" 2>/dev/null || echo unknown
}

if [ "$(id -u)" -ne 0 ]; then
    log "must run as root (privileged init container or sudo)"
    exit 1
fi

log "vm.max_map_count=$(current vm.max_map_count) vm.swappiness=$(current vm.swappiness)"

write_file "$SYSCTL_FILE" 0644 <<EOF
# managed by search-node-prep, do not edit
vm.max_map_count = ${MAX_MAP_COUNT}
vm.swappiness = ${SWAPPINESS}
net.ipv4.tcp_retries2 = 5
fs.file-max = 2097152
net.bridge.bridge-nf-call-iptables = 1
net.ipv4.ip_forward = 1
EOF

write_file "$MODULES_FILE" 0644 <<EOF
overlay
br_netfilter
EOF

write_file "$LIMITS_FILE" 0644 <<EOF
# managed by search-node-prep
*    soft    nofile    65536
*    hard    nofile    65536
*    soft    memlock   unlimited
*    hard    memlock   unlimited
EOF

for mod in overlay br_netfilter; do
    if grep -q "^${mod} " /proc/modules; then
        log "module $mod already loaded"
    else
        run modprobe "$mod"
    fi
done

run sysctl --load="$SYSCTL_FILE"

applied=$(current vm.max_map_count)
if [ "$DRY_RUN" != "1" ] && [ "$applied" -lt "$MAX_MAP_COUNT" ]; then
    log "vm.max_map_count is $applied after apply, expected $MAX_MAP_COUNT"
    exit 1
fi

if [ "$DRY_RUN" != "1" ]; then
    mkdir -p "$(dirname "$MARKER")"
    date -u +%FT%TZ > "$MARKER"
fi
log "node ready for search workloads"

# Keep the init container contract simple: exit 0 and let the main
# (pause) container hold the pod.
exit 0
