#!/bin/sh
# inspection_log_archive - monthly roll-up of scaffold inspection logs.
#
# The tablet app writes one log per scaffold tag into ./inspections, e.g.
#   inspections/SC-0412.log   (7-day / post-weather / handover entries)
# Logs untouched for ARCHIVE_AFTER_DAYS are packed into
#   archive/<YYYY-MM>.tar.gz  with a SHA-256 manifest beside it
# and removed from ./inspections.  Archives older than KEEP_MONTHS are pruned
# (the office copy on the NAS is the record of retention).
#
# Usage: inspection_log_archive.sh [-n] [-d workdir]
#   -n   dry run: list what would be archived
set -eu

WORKDIR=.
DRY_RUN=0
ARCHIVE_AFTER_DAYS=${ARCHIVE_AFTER_DAYS:-35}
KEEP_MONTHS=${KEEP_MONTHS:-24}

while getopts "nd:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        d) WORKDIR=$OPTARG ;;
        h) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) exit 64 ;;
    esac
done

cd "$WORKDIR" || { echo "cannot enter $WORKDIR" >&2; exit 1; }
LOG_DIR=inspections
ARCHIVE_DIR=archive
RUN_LOG=archive.log

note() {
    printf '%s %s\n' "$(date '+%Y-%m-%dT%H:%M:%S')" "$*" | tee -a "$RUN_LOG" >&2
}

[ -d "$LOG_DIR" ] || { note "no $LOG_DIR directory in $(pwd), nothing to do"; exit 0; }
mkdir -p "$ARCHIVE_DIR"

month=$(date +%Y-%m)
list=".archive-list.$$"
trap 'rm -f "$list"' EXIT INT TERM

find "$LOG_DIR" -type f -name '*.log' -mtime +"$ARCHIVE_AFTER_DAYS" | sort > "$list"
count=$(wc -l < "$list" | tr -d ' ')

if [ "$count" -eq 0 ]; then
    note "no inspection logs older than $ARCHIVE_AFTER_DAYS days"
    exit 0
fi

if [ "$DRY_RUN" -eq 1 ]; then
    note "dry run: $count log(s) would go into $ARCHIVE_DIR/$month.tar.gz"
    cat "$list"
    exit 0
fi

bundle="$ARCHIVE_DIR/$month.tar.gz"
if [ -f "$bundle" ]; then
    # append to this month's bundle: unpack, add, repack
    staging="$ARCHIVE_DIR/.staging-$month"
    mkdir -p "$staging"
    tar -xzf "$bundle" -C "$staging"
    while IFS= read -r f; do
        mkdir -p "$staging/$(dirname "$f")"
        cp -p "$f" "$staging/$f"
    done < "$list"
    tar -czf "$bundle.new" -C "$staging" .
    mv "$bundle.new" "$bundle"
    rm -rf "$staging"
else
    tar -czf "$bundle" -T "$list"
fi

# manifest of what the bundle now holds, for the NAS copy check
tar -tzf "$bundle" | grep '\.log$' > "$ARCHIVE_DIR/$month.files"
sha256sum "$bundle" > "$ARCHIVE_DIR/$month.sha256"

# only remove originals once the bundle verifies
if tar -tzf "$bundle" >/dev/null 2>&1; then
    xargs rm -f < "$list"
    note "archived $count log(s) into $bundle"
else
    note "bundle $bundle failed to verify, originals kept"
    exit 1
fi

# prune archives past the retention window
find "$ARCHIVE_DIR" -maxdepth 1 -type f \( -name '*.tar.gz' -o -name '*.sha256' -o -name '*.files' \) \
    -mtime +$((KEEP_MONTHS * 31)) -print | while IFS= read -r old; do
        rm -f "$old"
        note "pruned $old"
    done

note "done: $(find "$LOG_DIR" -type f -name '*.log' | wc -l | tr -d ' ') active log(s) remain"
