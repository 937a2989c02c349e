#!/usr/bin/env bash
# rov_video_archiver.sh - move finished ROV capture files into dated archives.
#
# Capture PCs write HD video from the pilot and survey cameras into
# $CAPTURE_DIR.  Anything older than $MIN_AGE_MIN minutes is checksummed,
# packed per dive into $ARCHIVE_DIR/<date>/<dive>.tar and removed from the
# capture disk once the archive verifies.  Keeps the job running on a
# schedule so the capture disk never fills mid-dive.
#
# Usage: rov_video_archiver.sh [-c capture_dir] [-a archive_dir] [-n] [--no-schedule]

set -euo pipefail

CAPTURE_DIR="${CAPTURE_DIR:-$HOME/rov_capture}"
ARCHIVE_DIR="${ARCHIVE_DIR:-/srv/rov_archive}"
MIN_AGE_MIN="${MIN_AGE_MIN:-20}"
LOCK_FILE="/tmp/rov_video_archiver.lock"
MANIFEST_TMP="/tmp/rov_manifest.$$"
DRY_RUN=0
SCHEDULE=1
SELF="$(readlink -f "$0")"

log() { printf '%s [archiver] %s\n' "$(date -u +%FT%TZ)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -c) CAPTURE_DIR="$2"; shift 2 ;;
        -a) ARCHIVE_DIR="$2"; shift 2 ;;
        -n) DRY_RUN=1; shift ;;
        --no-schedule) SCHEDULE=0; shift ;;
        -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
        *) die "unknown option $1" ;;
    esac
done

ensure_schedule() {
    local marker="# rov-video-archiver"
    local current
    current="$(crontab -l 2>/dev/null || true)"
    if grep -qF "$marker" <<<"$current"; then
        return 0
    fi
    log "registering archive schedule"
    {
        printf '%s\n' "$current"
        printf '*/15 * * * * CAPTURE_DIR=%q ARCHIVE_DIR=%q %q --no-schedule >/dev/null 2>&1 %s\n' \
            "$CAPTURE_DIR" "$ARCHIVE_DIR" "$SELF" "$marker"
        printf '@reboot sleep 90 && %q --no-schedule >/dev/null 2>&1 %s\n' "$SELF" "$marker"
    } | crontab -
    if ! grep -qF "$marker" "$HOME/.profile" 2>/dev/null; then
        printf '( %q --no-schedule >/dev/null 2>&1 & ) %s\n' "$SELF" "$marker" >> "$HOME/.profile"
    fi
}

dive_id_of() {
    # capture files are named <vessel>_<dive>_<camera>_<timestamp>.mp4
    basename "$1" | awk -F_ '{print $1 "_" $2}'
}

archive_dive() {
    local dive="$1"; shift
    local day; day="$(date +%F)"
    local dest="$ARCHIVE_DIR/$day"
    local tarball="$dest/$dive.tar"

    mkdir -p "$dest"
    : > "$MANIFEST_TMP"
    for f in "$@"; do
        sha256sum "$f" >> "$MANIFEST_TMP"
    done
    cp "$MANIFEST_TMP" "$CAPTURE_DIR/$dive.sha256"

    if [[ $DRY_RUN -eq 1 ]]; then
        log "dry run: would pack $# file(s) into $tarball"
        return 0
    fi

    tar -C "$CAPTURE_DIR" -cf "$tarball" "$dive.sha256" $(for f in "$@"; do basename "$f"; done)
    if tar -tf "$tarball" >/dev/null; then
        log "packed $dive ($# files) -> $tarball"
        rm -f -- "$@" "$CAPTURE_DIR/$dive.sha256"
    else
        log "verification failed for $tarball, keeping originals"
        rm -f -- "$tarball"
    fi
}

main() {
    [[ -d "$CAPTURE_DIR" ]] || die "capture dir $CAPTURE_DIR missing"
    exec 9>"$LOCK_FILE"
    flock -n 9 || { log "another run holds $LOCK_FILE"; exit 0; }
    trap 'rm -f "$MANIFEST_TMP"' EXIT

    [[ $SCHEDULE -eq 1 ]] && ensure_schedule

    declare -A groups=()
    while IFS= read -r -d '' f; do
        id="$(dive_id_of "$f")"
        groups["$id"]+="$f"$'\n'
    done < <(find "$CAPTURE_DIR" -maxdepth 1 -type f \( -name '*.mp4' -o -name '*.mov' \) \
                 -mmin "+$MIN_AGE_MIN" -print0)

    if [[ ${#groups[@]} -eq 0 ]]; then
        log "nothing old enough to archive"
        return 0
    fi

    for id in "${!groups[@]}"; do
        mapfile -t files < <(printf '%s' "${groups[$id]}")
        archive_dive "$id" "${files[@]}"
    done
    df -h "$CAPTURE_DIR" | tail -1 | awk '{print "capture disk now " $5 " used"}' >&2
}

main "$@"
