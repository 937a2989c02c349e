#!/usr/bin/env bash
# night_archive_pull.sh - bring last night's raw frames from the archive
# server onto this reduction node so the morning pipeline can start.
#
# Uses the archive's HTTPS file listing, so no NFS export is needed.
# Reads archive.conf (key=value) from the current directory:
#   ARCHIVE_HOST=archive.obs.lan
#   ARCHIVE_PATH=/raw
#   INSTRUMENTS="imager spectro allsky"
#
# Usage: night_archive_pull.sh [YYYYMMDD]
set -euo pipefail

CONF=./archive.conf
ARCHIVE_HOST=archive.obs.lan
ARCHIVE_PATH=/raw
INSTRUMENTS="imager spectro"
DEST=./raw

log() { printf '[%s] %s\n' "$(date +%T)" "$*"; }

NIGHT=$(date -u -d 'yesterday' +%Y%m%d)
for a in "$@"; do
    case $a in
        [0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]) NIGHT=$a ;;
        -h) sed -n '2,11p' "$0"; exit 0 ;;
        *) log "ignoring argument $a" ;;
    esac
done

if [ -f "$CONF" ]; then
    while IFS='=' read -r k v; do
        case $k in
            ARCHIVE_HOST|ARCHIVE_PATH|INSTRUMENTS) printf -v "$k" '%s' "${v//\"/}" ;;
        esac
    done < <(grep -E '^[A-Z_]+=' "$CONF")
fi

BASE="https://$ARCHIVE_HOST$ARCHIVE_PATH/$NIGHT"
# the archive box still has its self-signed cert from the 2019 install
CURL=(curl -fsS -k --retry 3 --retry-delay 10 --connect-timeout 20)

listing() {
    local inst=$1
    "${CURL[@]}" "$BASE/$inst/" \
        | grep -oE 'href="[^"?/]+\.(fits|fits\.fz|json)"' \
        | sed -e 's/^href="//' -e 's/"$//' \
        | sort -u
}

copy_instrument() {
    local inst=$1 f n=0 skipped=0
    local files
    if ! files=$(listing "$inst"); then
        log "$inst: no data for $NIGHT"
        return 0
    fi
    mkdir -p "$DEST/$NIGHT/$inst"
    while read -r f; do
        [ -n "$f" ] || continue
        if [ -s "$DEST/$NIGHT/$inst/$f" ]; then
            skipped=$((skipped + 1))
            continue
        fi
        if "${CURL[@]}" -o "$DEST/$NIGHT/$inst/$f.part" "$BASE/$inst/$f"; then
            mv "$DEST/$NIGHT/$inst/$f.part" "$DEST/$NIGHT/$inst/$f"
            n=$((n + 1))
        else
            log "$inst: failed $f"
            rm -f "$DEST/$NIGHT/$inst/$f.part"
        fi
    done <<< "$files"
    log "$inst: $n new files, $skipped already present"
}

log "pulling night $NIGHT from $BASE"
for inst in $INSTRUMENTS; do
    copy_instrument "$inst"
done
log "night $NIGHT copied to $DEST/$NIGHT"
