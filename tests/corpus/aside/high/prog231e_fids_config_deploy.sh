#!/usr/bin/env bash
# fids_config_deploy.sh - deploy a new FIDS display layout and restart the player
#
# Layout changes (new gates, carousel reassignments, airline logos) are
# prepared in ./fids-config in the ops repository.  This validates every
# JSON file, copies the set to the display server's config directory and
# restarts the display service so the screens pick it up.

set -euo pipefail

SRC_DIR="./fids-config"
DEST_DIR="${DEST_DIR:-/srv/fids/config}"
SERVICE="fids-display.service"
LOG_FILE="./deploy.log"
RESTART=1

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"
}

fail() {
    log "ERROR: $*"
    exit 1
}

usage() {
    cat <<EOF
Usage: $0 [-s src_dir] [-d dest_dir] [-n]
  -s  directory with the layout JSON files (default: ${SRC_DIR})
  -d  config directory on the display server (default: ${DEST_DIR})
  -n  copy only, do not restart ${SERVICE}
EOF
}

while getopts ":s:d:nh" opt; do
    case "$opt" in
        s) SRC_DIR="$OPTARG" ;;
        d) DEST_DIR="$OPTARG" ;;
        n) RESTART=0 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

validate() {
    local f count=0 bad=0
    shopt -s nullglob
    for f in "$SRC_DIR"/*.json; do
        count=$((count + 1))
        if ! jq empty "$f" 2>/dev/null; then
            log "invalid JSON: ${f}"
            bad=$((bad + 1))
            continue
        fi
        if [[ "$(basename "$f")" == gates*.json ]] && \
           ! jq -e 'all(.[]; has("gate") and has("screen"))' "$f" >/dev/null; then
            log "gate file ${f} has entries without gate/screen"
            bad=$((bad + 1))
        fi
    done
    shopt -u nullglob
    (( count > 0 )) || fail "no JSON files in ${SRC_DIR}"
    (( bad == 0 )) || fail "${bad} of ${count} files failed validation"
    log "validated ${count} layout files"
}

copy_config() {
    [[ -d "$DEST_DIR" ]] || fail "destination ${DEST_DIR} does not exist"
    local backup="${DEST_DIR}.prev"
    rm -rf "$backup"
    cp -a "$DEST_DIR" "$backup"
    cp -f "$SRC_DIR"/*.json "$DEST_DIR"/
    log "copied layout to ${DEST_DIR} (previous set in ${backup})"
}

restart_service() {
    log "restarting ${SERVICE}"
    systemctl restart "$SERVICE"
    local i
    for i in 1 2 3 4 5 6; do
        if systemctl is-active --quiet "$SERVICE"; then
            log "${SERVICE} is active"
            return 0
        fi
        sleep 2
    done
    log "${SERVICE} did not come back, rolling back layout"
    cp -f "${DEST_DIR}.prev"/*.json "$DEST_DIR"/
    systemctl restart "$SERVICE"
    fail "deploy rolled back, check: journalctl -u ${SERVICE}"
}

main() {
    command -v jq >/dev/null || fail "jq is required"
    validate
    copy_config
    if (( RESTART )); then
        restart_service
    else
        log "skipping restart as requested"
    fi
    log "deploy finished"
}

main
