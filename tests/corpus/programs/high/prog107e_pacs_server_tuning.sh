#!/bin/sh
# pacs_server_tuning.sh - apply the storage/network tuning the PACS vendor's
# installation guide asks for on image-cache servers (large sequential reads
# of multi-frame studies, many concurrent DICOM associations).
#
# Usage: pacs_server_tuning.sh [-n]   (-n: show what would change)

set -eu

DRYRUN=0
[ "${1:-}" = "-n" ] && DRYRUN=1

PROFILE_NAME="90-pacs-image-cache.conf"
CACHE_DEVICES="${PACS_CACHE_DEVICES:-sdb sdc}"
READAHEAD_KB=4096
SCHEDULER="mq-deadline"

if command -v doas >/dev/null 2>&1; then
    PRIV="doas"
else
    PRIV="sudo"
fi
[ "$(id -u)" -eq 0 ] && PRIV=""

note() { printf '%s %s\n' "$(date '+%F %T')" "$*"; }

run() {
    if [ "$DRYRUN" -eq 1 ]; then
        note "would run: $*"
    else
        $PRIV "$@"
    fi
}

settings() {
    cat <<'EOF'
# PACS image cache tuning (vendor install guide section 4.3)
net.core.somaxconn = 4096
net.core.rmem_max = 16777216
net.core.wmem_max = 16777216
net.ipv4.tcp_rmem = 4096 87380 16777216
net.ipv4.tcp_wmem = 4096 65536 16777216
net.ipv4.tcp_keepalive_time = 300
vm.dirty_background_ratio = 5
vm.dirty_ratio = 15
vm.swappiness = 10
fs.file-max = 2097152
EOF
}

apply_sysctl() {
    target="/etc/sysctl.d/$PROFILE_NAME"
    if [ -f "$target" ] && settings | cmp -s - "$target"; then
        note "sysctl profile already current"
    else
        if [ "$DRYRUN" -eq 1 ]; then
            note "would write $target"
            settings
        else
            settings | $PRIV tee "$target" >/dev/null
            note "wrote $target"
        fi
    fi
    run sysctl -p "$target"
}

tune_device() {
    dev="$1"
    qdir="/sys/block/$dev/queue"
    if [ ! -d "$qdir" ]; then
        note "no such block device $dev, skipping"
        return 0
    fi
    if grep -q "$SCHEDULER" "$qdir/scheduler"; then
        if [ "$DRYRUN" -eq 1 ]; then
            note "would set $dev scheduler=$SCHEDULER"
        else
            echo "$SCHEDULER" | $PRIV tee "$qdir/scheduler" >/dev/null
        fi
    else
        note "$dev does not offer $SCHEDULER"
    fi
    run blockdev --setra $((READAHEAD_KB * 2)) "/dev/$dev"
    note "$dev: readahead ${READAHEAD_KB}KB"
}

main() {
    note "tuning $(hostname) for PACS image cache"
    apply_sysctl
    for dev in $CACHE_DEVICES; do
        tune_device "$dev"
    done
    run sysctl net.core.somaxconn vm.dirty_ratio
    note "done"
}

main
