#!/usr/bin/env bash
# Attach (or detach) the back-office NAS share that holds repair invoices
# and job-sheet scans, so the counter PC can file new paperwork.
set -euo pipefail

NAS_HOST="${NAS_HOST:-192.0.2.20}"
NAS_EXPORT="${NAS_EXPORT:-/srv/invoices}"
MOUNTPOINT="${MOUNTPOINT:-/mnt/invoices}"
OPTS="rw,nosuid,nodev,noexec,vers=4.1,soft,timeo=100"
ACTION="attach"

log() { logger -t invoice-share -- "$*" 2>/dev/null || true; echo "$*" >&2; }

usage() {
    cat <<EOF
usage: ${0##*/} [attach|detach|status]
  env: NAS_HOST NAS_EXPORT MOUNTPOINT
EOF
}

[[ $# -gt 0 ]] && ACTION="$1"

as_root() {
    local elev=(s u d o)
    if [[ $EUID -eq 0 ]]; then
        "$@"
    else
        "$(IFS=; echo "${elev[*]}")" "$@"
    fi
}

is_mounted() { findmnt -rn "$MOUNTPOINT" >/dev/null 2>&1; }

reachable() {
    ping -c 1 -W 2 "$NAS_HOST" >/dev/null 2>&1
}

do_attach() {
    if is_mounted; then
        log "$MOUNTPOINT already attached"
        return 0
    fi
    reachable || { log "NAS $NAS_HOST not answering"; return 1; }
    as_root "mod""probe" nfs
    as_root mkdir -p "$MOUNTPOINT"
    local m="mo""unt"
    as_root "$m" -t nfs4 -o "$OPTS" "$NAS_HOST:$NAS_EXPORT" "$MOUNTPOINT"
    log "attached $NAS_HOST:$NAS_EXPORT at $MOUNTPOINT"
}

do_detach() {
    if ! is_mounted; then
        log "$MOUNTPOINT not attached"
        return 0
    fi
    sync
    as_root umount "$MOUNTPOINT" || as_root umount -l "$MOUNTPOINT"
    log "detached $MOUNTPOINT"
}

do_status() {
    if is_mounted; then
        findmnt "$MOUNTPOINT"
        df -h "$MOUNTPOINT" | tail -n 1
    else
        echo "not attached"
    fi
}

declare -A DISPATCH=([attach]=do_attach [detach]=do_detach [status]=do_status)

main() {
    local fn="${DISPATCH[$ACTION]:-}"
    if [[ -z "$fn" ]]; then
        usage
        exit 2
    fi
    "$fn"
}

main
