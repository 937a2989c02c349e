#!/bin/sh
# release_form_rotate.sh - monthly roll-up of signed guest release forms.
#
# Producers drop scanned/signed release forms into ./release_forms/<show>/.
# Once a month this bundles every form older than the current month into
# ./archive/release-forms-YYYY-MM.tar.gz, writes a sha256 manifest next to
# it, and prunes archive bundles past the retention period (the originals
# stay on the office NAS, which has its own backup).
#
#   ./release_form_rotate.sh [-n] [-r RETAIN_MONTHS]

set -eu

FORMS_DIR=./release_forms
ARCHIVE_DIR=./archive
WORK_DIR=./.rotate_work
RETAIN_MONTHS=${RETAIN_MONTHS:-84}   # seven years, per the board's policy
DRY_RUN=0

usage() { echo "usage: $0 [-n] [-r months]" >&2; exit 64; }

while getopts "nr:h" opt; do
    case $opt in
        n) DRY_RUN=1 ;;
        r) RETAIN_MONTHS=$OPTARG ;;
        *) usage ;;
    esac
done

log() { echo "$(date '+%Y-%m-%d %H:%M:%S') rotate: $*"; }
run() { if [ "$DRY_RUN" -eq 1 ]; then log "[dry-run] $*"; else "$@"; fi; }

[ -d "$FORMS_DIR" ] || { log "no $FORMS_DIR, nothing to do"; exit 0; }
mkdir -p "$ARCHIVE_DIR" "$WORK_DIR"
umask 077

this_month=$(date +%Y-%m)

# group files by the month they were last modified in
find "$FORMS_DIR" -type f \( -iname '*.pdf' -o -iname '*.jpg' -o -iname '*.png' \) \
    -printf '%TY-%Tm\t%p\n' | sort >"$WORK_DIR/by_month.tsv"

cut -f1 "$WORK_DIR/by_month.tsv" | uniq | while read -r month; do
    [ "$month" = "$this_month" ] && continue
    bundle="$ARCHIVE_DIR/release-forms-$month.tar.gz"
    if [ -f "$bundle" ]; then
        log "$bundle already exists, skipping"
        continue
    fi
    awk -F'\t' -v m="$month" '$1 == m { print $2 }' "$WORK_DIR/by_month.tsv" >"$WORK_DIR/list-$month"
    count=$(wc -l <"$WORK_DIR/list-$month")
    log "bundling $count form(s) for $month"
    run tar -czf "$bundle" -T "$WORK_DIR/list-$month"
    if [ "$DRY_RUN" -eq 0 ]; then
        xargs -d '\n' sha256sum <"$WORK_DIR/list-$month" >"$bundle.sha256"
        chmod 0600 "$bundle" "$bundle.sha256"
        # quick integrity check: the bundle must list the same number of files
        listed=$(tar -tzf "$bundle" | wc -l)
        [ "$listed" -eq "$count" ] || log "WARNING: $bundle lists $listed, expected $count"
    fi
done

# prune bundles older than the retention window
cutoff_days=$((RETAIN_MONTHS * 31))
find "$ARCHIVE_DIR" -maxdepth 1 -name 'release-forms-*.tar.gz*' -mtime +"$cutoff_days" |
while read -r old; do
    log "pruning $old (older than $RETAIN_MONTHS months)"
    run rm -f "$old"
done

# our own scratch space
run rm -rf "$WORK_DIR"
log "done; $(ls "$ARCHIVE_DIR" | grep -c '\.tar\.gz$' || true) bundle(s) in $ARCHIVE_DIR"
