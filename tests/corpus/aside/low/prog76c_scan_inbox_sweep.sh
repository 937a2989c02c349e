#!/usr/bin/env bash
# scan-inbox-sweep: move finished scans from the MFP drop folder into the
# dated archive tree, one folder per document profile, and keep an index.
#
# The copiers write into $INBOX over SMB with names like
#   INV_20240311_101522_0001.pdf   (invoice profile)
#   DN_20240311_101907_0002.pdf    (delivery note profile)
# Anything without a known prefix goes to "unsorted".
set -euo pipefail

PROG=${0##*/}
CONF=${SCAN_SWEEP_CONF:-"$HOME/.config/scan-sweep/sweep.conf"}
INBOX="$PWD/inbox"
ARCHIVE="$PWD/archive"
MIN_AGE=2            # minutes; copiers keep the file open while scanning
DRY_RUN=0

log() { printf '%s %s: %s\n' "$(date '+%F %T')" "$PROG" "$*" >&2; }
die() { log "error: $*"; exit 1; }

usage() {
    cat <<EOF
Usage: $PROG [-i inbox] [-a archive] [-m minutes] [-n]
  -i DIR   scanner drop folder (default: $INBOX)
  -a DIR   archive root (default: $ARCHIVE)
  -m N     only take files older than N minutes (default: $MIN_AGE)
  -n       dry run, print what would be moved
EOF
}

read_conf() {
    # key=value lines, '#' comments; only known keys are honoured
    [[ -f $CONF ]] || return 0
    local key value
    while IFS='=' read -r key value; do
        key=${key//[[:space:]]/}
        [[ -z $key || $key == \#* ]] && continue
        case $key in
            INBOX) INBOX=$value ;;
            ARCHIVE) ARCHIVE=$value ;;
            MIN_AGE) MIN_AGE=$value ;;
            *) log "ignoring unknown key '$key' in $CONF" ;;
        esac
    done <"$CONF"
}

classify() {
    case ${1##*/} in
        INV_*) echo invoices ;;
        DN_*)  echo delivery-notes ;;
        HR_*)  echo personnel ;;
        CTR_*) echo contracts ;;
        *)     echo unsorted ;;
    esac
}

file_one() {
    local src=$1 kind month dest sum
    kind=$(classify "$src")
    month=$(date -r "$src" +%Y/%m)
    dest="$ARCHIVE/$kind/$month"
    sum=$(sha256sum "$src" | cut -d' ' -f1)
    if grep -q "^$sum," "$ARCHIVE/index.csv" 2>/dev/null; then
        log "duplicate of an archived scan, dropping: ${src##*/}"
        (( DRY_RUN )) || rm -f -- "$src"
        return 0
    fi
    if (( DRY_RUN )); then
        echo "would move ${src##*/} -> $dest/"
        return 0
    fi
    mkdir -p -- "$dest"
    mv -n -- "$src" "$dest/"
    printf '%s,%s,%s,%s\n' "$sum" "$kind" "$(date -Is)" "$dest/${src##*/}" >>"$ARCHIVE/index.csv"
    log "archived ${src##*/} as $kind"
}

sweep() {
    local n=0 f
    while IFS= read -r -d '' f; do
        file_one "$f"
        n=$((n + 1))
    done < <(find "$INBOX" -maxdepth 1 -type f \
                \( -iname '*.pdf' -o -iname '*.tif' -o -iname '*.tiff' -o -iname '*.jpg' \) \
                -mmin +"$MIN_AGE" -print0)
    log "swept $n file(s) from $INBOX"
}

report() {
    # per-profile counts for the current month, handy in the shift handover mail
    local month kind count
    month=$(date +%Y/%m)
    for kind in invoices delivery-notes personnel contracts unsorted; do
        [[ -d $ARCHIVE/$kind/$month ]] || continue
        count=$(find "$ARCHIVE/$kind/$month" -type f | wc -l)
        printf '%-16s %5d\n' "$kind" "$count"
    done
}

main() {
    read_conf
    while getopts ":i:a:m:nh" opt; do
        case $opt in
            i) INBOX=$OPTARG ;;
            a) ARCHIVE=$OPTARG ;;
            m) MIN_AGE=$OPTARG ;;
            n) DRY_RUN=1 ;;
            h) usage; exit 0 ;;
            *) usage; exit 64 ;;
        esac
    done
    [[ -d $INBOX ]] || die "inbox $INBOX does not exist"
    [[ $MIN_AGE =~ ^[0-9]+$ ]] || die "-m expects minutes"
    mkdir -p -- "$ARCHIVE"

    sweep
    (( DRY_RUN )) || report
}

main "$@"
