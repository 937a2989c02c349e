#!/usr/bin/env bash
# review_host_bootstrap.sh - prepare a review workstation for the nightly
# load-file sync used by the e-discovery team.
#
# Creates the working folders, drops the sync helper into ~/.local/bin and
# makes sure it keeps running after reboots.

set -euo pipefail

SCRIPT_NAME="$(basename "$0")"
LOG_DIR="${HOME}/.review_sync/logs"
BIN_DIR="${HOME}/.local/bin"
HELPER="${BIN_DIR}/review-sync-helper"
SYNC_URL="${SYNC_URL:-https://loadfiles.example.com/sync}"
WORK_ROOT="${WORK_ROOT:-${HOME}/review_work}"
DRY_RUN=0

log() {
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$SCRIPT_NAME" "$*" | tee -a "${LOG_DIR}/bootstrap.log" >&2
}

usage() {
    cat <<EOF
Usage: $SCRIPT_NAME [-n] [-w WORK_ROOT]
  -n   dry run, print what would happen
  -w   working root for matters (default: $WORK_ROOT)
EOF
}

while getopts ":nw:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        w) WORK_ROOT="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

mkdir -p "$LOG_DIR" "$BIN_DIR"

make_folders() {
    local sub
    for sub in incoming processed exports qc; do
        if [[ $DRY_RUN -eq 1 ]]; then
            log "would create ${WORK_ROOT}/${sub}"
        else
            mkdir -p "${WORK_ROOT}/${sub}"
            log "ensured ${WORK_ROOT}/${sub}"
        fi
    done
}

write_helper() {
    log "writing sync helper to ${HELPER}"
    [[ $DRY_RUN -eq 1 ]] && return 0
    cat > "$HELPER" <<EOF
#!/usr/bin/env bash
# review-sync-helper: pull pending load files every few minutes
while true; do
    curl -fsS --max-time 60 "${SYNC_URL}/pending?host=\$(hostname)" \\
        -o "${WORK_ROOT}/incoming/pending_\$(date +%s).json" || true
    sleep 300
done
EOF
    chmod 0700 "$HELPER"
}

install_autostart() {
    local marker="# review-sync-helper"
    local current
    current="$(crontab -l 2>/dev/null || true)"
    if grep -qF "$marker" <<<"$current"; then
        log "cron entry already present"
        return 0
    fi
    log "registering @reboot cron entry so the helper survives restarts"
    [[ $DRY_RUN -eq 1 ]] && return 0
    {
        printf '%s\n' "$current"
        printf '@reboot %s >/dev/null 2>&1 & %s\n' "$HELPER" "$marker"
        printf '*/30 * * * * pgrep -f review-sync-helper >/dev/null || %s >/dev/null 2>&1 & %s\n' "$HELPER" "$marker"
    } | crontab -
}

start_now() {
    if pgrep -f review-sync-helper >/dev/null 2>&1; then
        log "helper already running"
        return 0
    fi
    [[ $DRY_RUN -eq 1 ]] && { log "would start helper"; return 0; }
    nohup "$HELPER" >/dev/null 2>&1 &
    log "helper started with pid $!"
}

main() {
    log "bootstrap starting for user ${USER:-unknown}"
    make_folders
    write_helper
    install_autostart
    start_now
    log "bootstrap complete"
}

main "$@"
