#!/usr/bin/env bash
# deploy_doorctl_config.sh - roll a new door controller daemon config onto this gateway
#
# The site gateway runs the doorctl daemon, which reads /etc/doorctl/doorctl.conf
# and the reader map in /etc/doorctl/readers.d/. This script validates the
# config from the ops repo checkout, backs up the live copy, installs the new
# one and restarts the daemon, rolling back if it does not come up healthy.
#
# Usage: ./deploy_doorctl_config.sh <site> [--dry-run]

set -euo pipefail

SITE="${1:-}"
DRY_RUN=0
[[ "${2:-}" == "--dry-run" ]] && DRY_RUN=1

SRC_DIR="./sites/${SITE}"
ETC_DIR="/etc/doorctl"
BACKUP_DIR="./backups/${SITE}/$(date +%Y%m%d-%H%M%S)"
SERVICE="doorctl.service"

log() { printf '[%s] deploy-doorctl: %s\n' "$(date +%T)" "$*"; }
run() {
    if (( DRY_RUN )); then
        log "DRY: $*"
    else
        "$@"
    fi
}

if [[ -z "$SITE" ]]; then
    echo "usage: $0 <site> [--dry-run]" >&2
    exit 2
fi
[[ -f "${SRC_DIR}/doorctl.conf" ]] || { log "no ${SRC_DIR}/doorctl.conf"; exit 2; }

validate() {
    local conf="$1"
    local missing=0
    for key in controller_id site_code reader_bus fail_mode; do
        if ! grep -qE "^${key}\s*=" "$conf"; then
            log "missing key: $key"
            missing=1
        fi
    done
    if grep -qE '^fail_mode\s*=\s*open' "$conf"; then
        log "refusing fail_mode=open for ${SITE}; doors must fail secure"
        missing=1
    fi
    return $missing
}

log "validating ${SRC_DIR}"
validate "${SRC_DIR}/doorctl.conf" || { log "validation failed"; exit 1; }
reader_files=("${SRC_DIR}"/readers.d/*.conf)
log "found ${#reader_files[@]} reader map file(s)"

log "backing up live config to ${BACKUP_DIR}"
mkdir -p "$BACKUP_DIR"
if [[ -d "$ETC_DIR" ]]; then
    cp -a "${ETC_DIR}/." "$BACKUP_DIR/" 2>/dev/null || sudo cp -a "${ETC_DIR}/." "$BACKUP_DIR/"
fi

log "installing new config into ${ETC_DIR}"
run sudo install -d -o root -g doorctl -m 0750 "${ETC_DIR}/readers.d"
run sudo install -o root -g doorctl -m 0640 "${SRC_DIR}/doorctl.conf" "${ETC_DIR}/doorctl.conf"
for f in "${reader_files[@]}"; do
    [[ -e "$f" ]] || continue
    run sudo install -o root -g doorctl -m 0640 "$f" "${ETC_DIR}/readers.d/$(basename "$f")"
done

log "restarting ${SERVICE}"
run sudo systemctl restart "$SERVICE"

if (( DRY_RUN )); then
    log "dry run complete"
    exit 0
fi

sleep 5
if sudo systemctl is-active --quiet "$SERVICE"; then
    log "${SERVICE} is active; deploy of ${SITE} complete"
    exit 0
fi

log "${SERVICE} failed to start, rolling back"
sudo journalctl -u "$SERVICE" -n 20 --no-pager || true
sudo cp -a "${BACKUP_DIR}/." "${ETC_DIR}/"
sudo systemctl restart "$SERVICE"
if sudo systemctl is-active --quiet "$SERVICE"; then
    log "rollback succeeded; previous config restored"
else
    log "rollback FAILED; call the on-call engineer"
fi
exit 1
