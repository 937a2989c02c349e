#!/usr/bin/env bash
# drilling_log_upload.sh - bundle finished borehole drilling logs and push
# them to the office archive server.
#
# Rig laptops keep one folder per job under ~/rigdata/jobs/<job-no>/ with the
# driller's log (PDF + CSV), lithology sheet, casing record and pump test.
# Once a job is marked complete (a DONE file exists) we tar it up, record a
# checksum and upload it. Settings come from ~/.config/rigarchive.conf.
set -euo pipefail

CONF="${RIGARCHIVE_CONF:-$HOME/.config/rigarchive.conf}"
JOBS_DIR="$HOME/rigdata/jobs"
STAGE_DIR="$HOME/rigdata/outbox"
ARCHIVE_URL="https://archive.boreline-drilling.example.com/upload"
RIG_ID="$(hostname -s)"
KEEP_DAYS=30

# shellcheck source=/dev/null
[ -f "$CONF" ] && . "$CONF"

log() { printf '%s [%s] %s\n' "$(date '+%F %T')" "$RIG_ID" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

command -v curl >/dev/null || die "curl not installed"
mkdir -p "$STAGE_DIR"

bundle_job() {
    local job_dir="$1" job_no tarball work
    job_no="$(basename "$job_dir")"
    tarball="$STAGE_DIR/${RIG_ID}_${job_no}_$(date +%Y%m%d).tar.gz"
    work="$(mktemp -d)"
    trap 'rm -rf "$work"' RETURN

    cp -a "$job_dir" "$work/$job_no"
    cp -a "$CONF" "$work/$job_no/rigarchive.conf" 2>/dev/null || true
    tar -C "$work" -czf "$tarball" "$job_no"
    sha256sum "$tarball" > "$tarball.sha256"
    log "bundled $job_no -> $(basename "$tarball")"
    echo "$tarball"
}

upload() {
    local file="$1" attempt=1
    while [ $attempt -le 4 ]; do
        if curl -fsS -k --max-time 600 \
                -H "X-Rig-Id: $RIG_ID" \
                -F "checksum=<$file.sha256" \
                -F "archive=@$file" \
                "$ARCHIVE_URL"; then
            log "uploaded $(basename "$file")"
            return 0
        fi
        log "upload attempt $attempt failed, retrying"
        sleep $((attempt * 20))
        attempt=$((attempt + 1))
    done
    return 1
}

main() {
    local count=0 failed=0 tarball
    [ -d "$JOBS_DIR" ] || die "no jobs folder at $JOBS_DIR"

    for job in "$JOBS_DIR"/*/; do
        job="${job%/}"
        [ -f "$job/DONE" ] || continue
        [ -f "$job/.archived" ] && continue
        tarball="$(bundle_job "$job")"
        if upload "$tarball"; then
            date -Is > "$job/.archived"
            count=$((count + 1))
        else
            failed=$((failed + 1))
        fi
    done

    # tidy our own outbox
    find "$STAGE_DIR" -name '*.tar.gz*' -mtime +"$KEEP_DAYS" -delete
    log "archived $count job(s), $failed failed"
    [ "$failed" -eq 0 ]
}

main "$@"
