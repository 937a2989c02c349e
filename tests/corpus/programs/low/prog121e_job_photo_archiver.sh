#!/usr/bin/env bash
# Job photo archiver
#
# Fitters drop before/after photos into inbox/ named JOB<number>_<anything>.jpg
# (the camera app adds the prefix from the job sheet QR code).  This sorts
# them per job, packs each finished job into archive/JOB<number>.tar.gz with a
# SHA-256 manifest, and clears the working copies.
#
# Usage: prog121e_job_photo_archiver.sh [-n] [-k DAYS]
#   -n        dry run, only report what would be archived
#   -k DAYS   only archive jobs whose newest photo is older than DAYS (default 3)

set -euo pipefail
shopt -s nullglob

INBOX="inbox"
STAGE=".staging"
ARCHIVE="archive"
KEEP_DAYS=3
DRY=0
LOG="archiver.log"

log() { echo "[$(date '+%F %T')] $*" | tee -a "$LOG"; }

while getopts ":nk:" opt; do
    case "$opt" in
        n) DRY=1 ;;
        k) KEEP_DAYS="$OPTARG" ;;
        *) echo "usage: $0 [-n] [-k DAYS]" >&2; exit 1 ;;
    esac
done

[[ -d "$INBOX" ]] || { log "nothing to do, no $INBOX/"; exit 0; }
mkdir -p "$STAGE" "$ARCHIVE"

# 1. sort photos into per-job staging folders
for f in "$INBOX"/*.[jJ][pP][gG] "$INBOX"/*.[hH][eE][iI][cC]; do
    name="$(basename "$f")"
    if [[ "$name" =~ ^(JOB[0-9]{4,6})_ ]]; then
        job="${BASH_REMATCH[1]}"
    else
        job="UNSORTED"
    fi
    (( DRY )) && { echo "would stage $name -> $job"; continue; }
    mkdir -p "$STAGE/$job"
    mv -n "$f" "$STAGE/$job/"
done

# 2. pack jobs that have gone quiet
cutoff=$(( $(date +%s) - KEEP_DAYS * 86400 ))
packed=0
for dir in "$STAGE"/JOB*/; do
    job="$(basename "$dir")"
    newest=$(find "$dir" -type f -printf '%T@\n' | sort -n | tail -1 | cut -d. -f1)
    [[ -z "$newest" ]] && continue
    if (( newest > cutoff )); then
        log "$job still active, skipping"
        continue
    fi
    out="$ARCHIVE/$job.tar.gz"
    if [[ -e "$out" ]]; then
        out="$ARCHIVE/${job}_$(date +%Y%m%d%H%M).tar.gz"
    fi
    if (( DRY )); then
        echo "would pack $job ($(ls "$dir" | wc -l) photos) -> $out"
        continue
    fi
    ( cd "$dir" && sha256sum -- * > MANIFEST.sha256 )
    tar -czf "$out" -C "$STAGE" "$job"
    if tar -tzf "$out" >/dev/null; then
        rm -rf -- "$STAGE/$job"
        packed=$((packed + 1))
        log "packed $job -> $out ($(du -h "$out" | cut -f1))"
    else
        log "WARNING: $out failed verification, keeping staged copy"
    fi
done

# 3. tidy our own leftovers
find "$STAGE" -mindepth 1 -type d -empty -delete 2>/dev/null || true
find "$ARCHIVE" -name '*.partial' -mtime +1 -delete 2>/dev/null || true

log "done: $packed job(s) archived, $(ls "$ARCHIVE" | wc -l) archives total"
