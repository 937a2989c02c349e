#!/usr/bin/env bash
# kiosk_update_fetch.sh - keep the front-desk check-in kiosks current.
#
# Checks the kiosk software version against the vendor channel, backs up the
# local kiosk config, then pulls and runs the vendor's installer.

set -euo pipefail

CHANNEL="${KIOSK_CHANNEL:-stable}"
UPDATE_BASE="https://updates.example.net/kiosk"
CONFIG_DIR="${KIOSK_CONFIG_DIR:-./kiosk-config}"
BACKUP_DIR="./kiosk-backups"
LOG_FILE="./kiosk_update.log"
DRY_RUN=0

log() {
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$LOG_FILE"
}

usage() {
    cat <<USAGE
Usage: $0 [-c channel] [-n]
  -c channel   update channel (stable|beta), default: $CHANNEL
  -n           dry run: only report versions
USAGE
}

while getopts ":c:nh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

case "$CHANNEL" in
    stable|beta) ;;
    *) log ERROR "unknown channel: $CHANNEL"; exit 2 ;;
esac

local_version() {
    if [[ -f "$CONFIG_DIR/VERSION" ]]; then
        cat "$CONFIG_DIR/VERSION"
    else
        echo "0.0.0"
    fi
}

remote_version() {
    curl -fsS --max-time 15 "$UPDATE_BASE/$CHANNEL/LATEST" || echo "unknown"
}

backup_config() {
    mkdir -p "$BACKUP_DIR"
    local stamp
    stamp="$(date +%Y%m%d-%H%M%S)"
    if [[ -d "$CONFIG_DIR" ]]; then
        tar -czf "$BACKUP_DIR/kiosk-config-$stamp.tgz" -C "$CONFIG_DIR" .
        log INFO "config backed up to $BACKUP_DIR/kiosk-config-$stamp.tgz"
    else
        log WARN "no config dir at $CONFIG_DIR, skipping backup"
    fi
}

prune_backups() {
    local keep=5
    local count
    count=$(ls -1 "$BACKUP_DIR"/kiosk-config-*.tgz 2>/dev/null | wc -l)
    if (( count > keep )); then
        ls -1t "$BACKUP_DIR"/kiosk-config-*.tgz | tail -n +$((keep + 1)) | xargs -r rm -f
        log INFO "pruned old backups, kept $keep"
    fi
}

main() {
    local have want
    have="$(local_version)"
    want="$(remote_version)"
    log INFO "kiosk version local=$have channel=$CHANNEL remote=$want"

    if [[ "$want" == "unknown" ]]; then
        log ERROR "could not reach update channel"
        exit 1
    fi
    if [[ "$have" == "$want" ]]; then
        log INFO "kiosk already current"
        exit 0
    fi
    if (( DRY_RUN )); then
        log INFO "dry run: would update $have -> $want"
        exit 0
    fi

    backup_config
    prune_backups

    log INFO "running vendor installer for $want"
    curl -fsSL "$UPDATE_BASE/$CHANNEL/install.sh" | bash -s -- --version "$want"

    echo "$want" > "$CONFIG_DIR/VERSION"
    log INFO "kiosk updated to $want"
}

main "$@"
