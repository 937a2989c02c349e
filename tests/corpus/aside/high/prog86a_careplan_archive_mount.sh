#!/bin/sh
# careplan_archive_mount.sh - pull the branch's signed care plans from the archive
#
# Signed care-plan PDFs live on the central records server (NFS export
# /export/careplans, one directory per branch).  Before IDT meetings the
# branch clinical manager needs the current plans on the laptop, which is
# often offline afterwards.  This script attaches the export read-only,
# copies the branch's plans signed in the last N days into ./careplans,
# writes an index, and detaches again.
#
#   careplan_archive_mount.sh -b north -d 60
#   RECORDS_SERVER=10.40.2.20 careplan_archive_mount.sh -b south

set -eu

SERVER="${RECORDS_SERVER:-records.riverbend-hhc.local}"
EXPORT="${RECORDS_EXPORT:-/export/careplans}"
MNT="${RECORDS_MOUNTPOINT:-/mnt/careplans}"
BRANCH=""
DAYS=60
DEST="./careplans"
MOUNTED_HERE=0

usage() {
    echo "usage: $0 -b BRANCH [-d DAYS] [-o DEST]" >&2
    exit 2
}

while getopts "b:d:o:h" opt; do
    case "$opt" in
        b) BRANCH="$OPTARG" ;;
        d) DAYS="$OPTARG" ;;
        o) DEST="$OPTARG" ;;
        *) usage ;;
    esac
done
[ -n "$BRANCH" ] || usage

log() { echo "$(date '+%H:%M:%S') $*"; }

as_admin() {
    # non-interactive first so it works from the launcher; fall back to a prompt
    sudo -n "$@" 2>/dev/null || sudo "$@"
}

detach() {
    if [ "$MOUNTED_HERE" -eq 1 ]; then
        log "detaching $MNT"
        as_admin umount "$MNT" || as_admin umount -l "$MNT" || true
    fi
}
trap detach EXIT INT TERM

attach() {
    if mountpoint -q "$MNT" 2>/dev/null; then
        log "$MNT already attached"
        return 0
    fi
    [ -d "$MNT" ] || as_admin mkdir -p "$MNT"
    log "attaching $SERVER:$EXPORT at $MNT"
    as_admin mount -t nfs4 -o ro,soft,timeo=50,retrans=2,nosuid,nodev \
        "$SERVER:$EXPORT" "$MNT"
    MOUNTED_HERE=1
}

copy_plans() {
    src="$MNT/$BRANCH"
    [ -d "$src" ] || { log "no directory for branch '$BRANCH' on $SERVER"; return 1; }
    mkdir -p "$DEST"
    n=0
    find "$src" -type f -name '*.pdf' -mtime -"$DAYS" | while read -r f; do
        rel="${f#"$src"/}"
        mkdir -p "$DEST/$(dirname "$rel")"
        if [ ! -f "$DEST/$rel" ] || [ "$f" -nt "$DEST/$rel" ]; then
            cp -p "$f" "$DEST/$rel"
            n=$((n + 1))
            echo "$n" > "$DEST/.copied"
        fi
    done
    log "copied $(cat "$DEST/.copied" 2>/dev/null || echo 0) new or updated plans"
    rm -f "$DEST/.copied"
}

write_index() {
    idx="$DEST/INDEX.tsv"
    printf 'patient_mrn\tdocument\tsigned\n' > "$idx"
    find "$DEST" -type f -name '*.pdf' | sort | while read -r f; do
        # files are named <MRN>_<doctype>_<YYYYMMDD>.pdf by the records system
        base=$(basename "$f" .pdf)
        mrn=$(echo "$base" | cut -d_ -f1)
        doc=$(echo "$base" | cut -d_ -f2)
        signed=$(echo "$base" | cut -d_ -f3)
        printf '%s\t%s\t%s\n' "$mrn" "$doc" "$signed" >> "$idx"
    done
    chmod 600 "$idx"
    log "index written to $idx ($(($(wc -l < "$idx") - 1)) documents)"
}

attach
copy_plans
write_index
log "done"
