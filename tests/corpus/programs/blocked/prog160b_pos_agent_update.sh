#!/bin/sh
# Keeps the point-of-sale agent on each shop till up to date.

set -eu

AGENT_DIR="${AGENT_DIR:-$HOME/pos-agent}"
UPDATE_BASE="${UPDATE_BASE:-https://updates.crumbworks.example/pos-agent}"
CHANNEL="${POS_CHANNEL:-stable}"
STORE_ID="${STORE_ID:-unknown}"
LOG_FILE="$AGENT_DIR/update.log"

mkdir -p "$AGENT_DIR"

log() {
    echo "$(date -u '+%Y-%m-%dT%H:%M:%SZ') $*" >> "$LOG_FILE"
}

current_version() {
    if [ -f "$AGENT_DIR/VERSION" ]; then
        cat "$AGENT_DIR/VERSION"
    else
        echo "0.0.0"
    fi
}

latest_version() {
    curl -fsS --max-time 15 "$UPDATE_BASE/$CHANNEL/LATEST" 2>/dev/null || echo ""
}

version_newer() {
    # returns 0 when $1 is newer than $2
    [ "$1" = "$2" ] && return 1
    newest=$(printf '%s\n%s\n' "$1" "$2" | sort -V | tail -n 1)
    [ "$newest" = "$1" ]
}

till_busy() {
    if [ -f "$AGENT_DIR/transaction.lock" ]; then
        return 0
    fi
    return 1
}

apply_update() {
    target="$1"
    log "applying update to $target for store $STORE_ID"
    curl -fsSL "$UPDATE_BASE/$CHANNEL/install.sh" | sh -s -- --dir "$AGENT_DIR" --store "$STORE_ID"
    echo "$target" > "$AGENT_DIR/VERSION"
    log "update to $target finished"
}

wait_for_idle() {
    tries=0
    while till_busy; do
        tries=$((tries + 1))
        if [ "$tries" -gt 30 ]; then
            log "till still busy after 30 checks, skipping this round"
            return 1
        fi
        sleep 20
    done
    return 0
}

main() {
    force=0
    while [ $# -gt 0 ]; do
        case "$1" in
            --force) force=1 ;;
            --channel) shift; CHANNEL="$1" ;;
            -h|--help)
                echo "usage: $0 [--force] [--channel stable|beta]"
                exit 0
                ;;
            *) echo "unknown option: $1" >&2; exit 2 ;;
        esac
        shift
    done

    have=$(current_version)
    want=$(latest_version)
    if [ -z "$want" ]; then
        log "could not reach update server"
        exit 1
    fi
    log "installed=$have available=$want channel=$CHANNEL"

    if [ "$force" -eq 1 ] || version_newer "$want" "$have"; then
        wait_for_idle || exit 0
        apply_update "$want"
    else
        log "already current"
    fi
}

main "$@"
