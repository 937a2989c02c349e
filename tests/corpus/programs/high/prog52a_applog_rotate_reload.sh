#!/usr/bin/env bash
# applog_rotate.sh - size-based rotation for the "orders" service logs.
#
# Rotated files are compressed and moved to an archive directory; nothing is
# deleted. Afterwards the service and rsyslog are told to reopen their files.
set -euo pipefail

LOG_DIR="${LOG_DIR:-/var/log/orders}"
ARCHIVE_DIR="${ARCHIVE_DIR:-/var/log/orders/archive}"
MAX_SIZE_MB="${MAX_SIZE_MB:-50}"
SERVICE_UNIT="${SERVICE_UNIT:-orders-api.service}"
DRY_RUN="${DRY_RUN:-0}"

info() { logger -t applog-rotate -- "$*" 2>/dev/null || true; echo "[rotate] $*"; }

run() {
    if [[ "$DRY_RUN" == 1 ]]; then
        echo "+ $*"
    else
        "$@"
    fi
}

need_rotation() {
    local f="$1" size_mb
    size_mb=$(( $(stat -c %s "$f") / 1024 / 1024 ))
    (( size_mb >= MAX_SIZE_MB ))
}

next_index() {
    local base="$1" i=1
    while [[ -e "${ARCHIVE_DIR}/${base}.${i}.gz" ]]; do
        i=$((i + 1))
    done
    echo "$i"
}

rotate_file() {
    local f="$1" base idx stamp
    base="$(basename "$f")"
    idx="$(next_index "$base")"
    stamp="$(date +%Y%m%dT%H%M%S)"
    info "rotating $f ($(du -h "$f" | cut -f1)) -> ${base}.${idx}.gz"
    run sudo mv -- "$f" "${ARCHIVE_DIR}/${base}.${stamp}"
    run sudo install -m 0640 -o syslog -g adm /dev/null "$f"
    run sudo gzip -9 "${ARCHIVE_DIR}/${base}.${stamp}"
    run sudo mv -- "${ARCHIVE_DIR}/${base}.${stamp}.gz" "${ARCHIVE_DIR}/${base}.${idx}.gz"
}

reopen_writers() {
    if systemctl is-active --quiet "$SERVICE_UNIT"; then
        run sudo systemctl reload "$SERVICE_UNIT" || run sudo systemctl kill -s HUP "$SERVICE_UNIT"
    fi
    if systemctl is-active --quiet rsyslog.service; then
        run sudo systemctl kill -s HUP rsyslog.service
    fi
}

main() {
    [[ -d "$LOG_DIR" ]] || { echo "no such directory: $LOG_DIR" >&2; exit 1; }
    run sudo mkdir -p "$ARCHIVE_DIR"
    local rotated=0 f
    shopt -s nullglob
    for f in "$LOG_DIR"/*.log; do
        if need_rotation "$f"; then
            rotate_file "$f"
            rotated=$((rotated + 1))
        fi
    done
    if (( rotated > 0 )); then
        reopen_writers
        info "rotated $rotated file(s)"
    else
        info "nothing to rotate (threshold ${MAX_SIZE_MB}MB)"
    fi
}

main "$@"
