#!/usr/bin/env bash
# counter_eod_closeout.sh - end-of-day closeout for the front counter PC.
#
# 1. archives today's repair tickets and intake photos
# 2. clears the POS/ticket app caches in the shop directory
# 3. prints a short summary of today's tickets for the shift handover
#
# Reads ./eod.conf if present (SHOP_DIR, ARCHIVE_DIR, KEEP_DAYS).

set -uo pipefail

CONF="${EOD_CONF:-./eod.conf}"
read_conf() {
    # plain KEY=value lines; unknown keys are ignored
    local key value
    while IFS='=' read -r key value; do
        case "$key" in
            SHOP_DIR|ARCHIVE_DIR|KEEP_DAYS) printf -v "$key" '%s' "${value%%#*}" ;;
        esac
    done < <(grep -E '^[A-Z_]+=' "$1")
}
[ -r "$CONF" ] && read_conf "$CONF"

SHOP_DIR="${SHOP_DIR:-$PWD}"
ARCHIVE_DIR="${ARCHIVE_DIR:-$SHOP_DIR/archive}"
KEEP_DAYS="${KEEP_DAYS:-30}"
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

handover_summary() {
    local dir="$SHOP_DIR/tickets"
    [ -d "$dir" ] || return 0
    local total ready waiting
    total=$(find "$dir" -maxdepth 1 -name '*.json' -newermt "$TODAY" | wc -l)
    ready=$(grep -l '"status": *"ready"' "$dir"/*.json 2>/dev/null | wc -l)
    waiting=$(grep -l '"status": *"waiting_parts"' "$dir"/*.json 2>/dev/null | wc -l)
    say "tickets opened today: $total"
    say "ready for pickup:     $ready"
    say "waiting for parts:    $waiting"
}

main() {
    cd "$SHOP_DIR" || { echo "cannot enter $SHOP_DIR" >&2; exit 1; }
    say "end of day for $TODAY"
    handover_summary
    archive_tickets
    clear_app_caches
    echo "Counter closeout complete."
}

main "$@"
