#!/bin/sh
# Prepare a fresh ephemeral runner VM for container-heavy build jobs.
# Loads the kernel modules the builders need, raises a few kernel limits
# and puts the build cache on a RAM-backed mount.  Idempotent.
set -eu

CACHE_MNT="${CACHE_MNT:-/var/cache/ci-build}"
CACHE_SIZE="${CACHE_SIZE:-8g}"
MODULES="overlay br_netfilter"
STATE_FILE="./runner-tuning.state"

say() { echo "[host-tuning] $*"; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo -n "$@"
    fi
}

load_modules() {
    for mod in $MODULES; do
        if lsmod | awk '{print $1}' | grep -qx "$mod"; then
            say "module $mod already loaded"
        else
            say "loading module $mod"
            as_root modprobe "$mod"
        fi
    done
}

apply_sysctls() {
    # key value pairs, one per line
    while read -r key value; do
        [ -z "$key" ] && continue
        current=$(sysctl -n "$key" 2>/dev/null || echo "?")
        if [ "$current" = "$value" ]; then
            say "$key already $value"
            continue
        fi
        say "$key: $current -> $value"
        as_root sysctl -w "$key=$value" >/dev/null
    done <<EOF_SYSCTL
fs.inotify.max_user_watches 524288
fs.inotify.max_user_instances 1024
vm.max_map_count 262144
net.bridge.bridge-nf-call-iptables 1
net.ipv4.ip_forward 1
EOF_SYSCTL
}

mount_cache() {
    if mountpoint -q "$CACHE_MNT"; then
        say "$CACHE_MNT already mounted"
        return 0
    fi
    as_root mkdir -p "$CACHE_MNT"
    as_root mount -t tmpfs -o "size=$CACHE_SIZE,mode=1777,noatime" ci-cache "$CACHE_MNT"
    say "mounted tmpfs ($CACHE_SIZE) on $CACHE_MNT"
}

case "${1:-apply}" in
    apply)
        load_modules
        apply_sysctls
        mount_cache
        date -u +%Y-%m-%dT%H:%M:%SZ > "$STATE_FILE"
        say "done"
        ;;
    status)
        lsmod | grep -E '^(overlay|br_netfilter) ' || true
        sysctl vm.max_map_count fs.inotify.max_user_watches
        mountpoint "$CACHE_MNT" || true
        [ -f "$STATE_FILE" ] && say "last applied: $(cat "$STATE_FILE")"
        ;;
    *)
        echo "usage: $0 [apply|status]" >&2
        exit 64
        ;;
esac
