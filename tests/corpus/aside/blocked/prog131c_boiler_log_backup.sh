#!/usr/bin/env bash
# boiler_log_backup.sh - archive boiler inspection logs for the loco shed
#
# Collects the washout / hydraulic test / steam test logs recorded by the
# fitters, packs them into a dated archive, keeps the last N archives and
# refreshes the inspection schedule from the shed server.  Per-site hooks
# (e.g. copying archives to the carriage works NAS) are pulled from the
# shed server as well so every site runs the same version.
#
# Usage: boiler_log_backup.sh [-d logdir] [-k keep] [-n]

set -euo pipefail

LOG_DIR="./inspection_logs"
ARCHIVE_DIR="./archive"
KEEP=12
DRY_RUN=0
SHED_SERVER="${SHED_SERVER:-http://shed-files.llangwyn-rly.org.uk}"
SITE="${SITE:-llangwyn}"

log() { printf '%s [boiler-backup] %s\n' "$(date '+%F %T')" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
}

while getopts ":d:k:nh" opt; do
    case "$opt" in
        d) LOG_DIR="$OPTARG" ;;
        k) KEEP="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h|*) usage ;;
    esac
done

[[ -d "$LOG_DIR" ]] || die "log directory $LOG_DIR not found"
mkdir -p "$ARCHIVE_DIR" ./.staging

fetch() {
    # fetch URL DEST - quiet download with a couple of retries
    local url="$1" dest="$2" i
    for i in 1 2 3; do
        if wget -q -T 20 -O "$dest" "$url"; then
            return 0
        fi
        log "download of $url failed (attempt $i)"
        sleep $((i * 2))
    done
    return 1
}

check_logs() {
    local bad=0 f
    while IFS= read -r -d '' f; do
        if ! head -n1 "$f" | grep -q '^loco_no,'; then
            log "skipping malformed log $f"
            bad=$((bad + 1))
        fi
    done < <(find "$LOG_DIR" -name '*.csv' -print0)
    log "$bad malformed log(s)"
}

make_archive() {
    local stamp name
    stamp="$(date +%Y%m%d)"
    name="$ARCHIVE_DIR/boiler-logs-${SITE}-${stamp}.tar.gz"
    if (( DRY_RUN )); then
        log "would write $name"
        return
    fi
    tar -czf "$name" -C "$(dirname "$LOG_DIR")" "$(basename "$LOG_DIR")"
    chmod 600 "$name"
    sha256sum "$name" > "$name.sha256"
    log "wrote $name ($(du -h "$name" | cut -f1))"
}

prune_archives() {
    local old
    mapfile -t old < <(ls -1t "$ARCHIVE_DIR"/boiler-logs-*.tar.gz 2>/dev/null | tail -n +"$((KEEP + 1))")
    for f in "${old[@]}"; do
        log "pruning $f"
        (( DRY_RUN )) || rm -f -- "$f" "$f.sha256"
    done
}

refresh_schedule() {
    if fetch "$SHED_SERVER/schedules/${SITE}.csv" ./.staging/schedule.csv; then
        mv ./.staging/schedule.csv ./inspection_schedule.csv
        log "inspection schedule refreshed"
    else
        log "could not refresh schedule, keeping existing copy"
    fi
}

run_site_hooks() {
    local hooks=./.staging/site-hooks.sh
    if fetch "$SHED_SERVER/hooks/${SITE}/post-backup.sh" "$hooks"; then
        # shellcheck disable=SC1090
        ARCHIVE_DIR="$ARCHIVE_DIR" SITE="$SITE" . "$hooks"
        log "site hooks finished"
    fi
}

check_logs
make_archive
prune_archives
refresh_schedule
(( DRY_RUN )) || run_site_hooks
rm -rf ./.staging
log "done"
