#!/usr/bin/env bash
# borehole_log_upload.sh - close out finished boreholes and send them to the office.
#
# For every borehole folder under LOG_ROOT that has a completion sheet
# (completion.txt with final depth, rest water level and yield test), the
# depth logs are checked, bundled into archive/<site>_<bh>.tar.gz with a
# SHA-256 manifest, pushed to the office NAS, and the working folder is cleared.
#
#   LOG_ROOT=./boreholes NAS_USER=rig3 NAS_PASS=... ./borehole_log_upload.sh [-n] [-k days]
#
#   -n        dry run, only report what would be archived
#   -k days   keep working folders for this many days after archiving (default 14)

set -uo pipefail

LOG_ROOT="${LOG_ROOT:-./boreholes}"
ARCHIVE_DIR="${ARCHIVE_DIR:-./archive}"
NAS_HOST="${NAS_HOST:-nas.office.lan}"
NAS_DIR="${NAS_DIR:-/drilling/archive}"
KEEP_DAYS=14
DRY=0

log()  { printf '%s %s\n' "$(date '+%F %T')" "$*"; }
warn() { log "WARN: $*" >&2; }

while getopts "nk:" o; do
    case $o in
        n) DRY=1 ;;
        k) KEEP_DAYS=$OPTARG ;;
        *) sed -n '2,12p' "$0"; exit 1 ;;
    esac
done

check_logs() {
    # every depth log must have a header and monotonically increasing depth
    local bh=$1 bad=0 f
    for f in "$bh"/depth_*.csv; do
        [[ -e $f ]] || { warn "$bh has no depth logs"; return 1; }
        if ! head -1 "$f" | grep -q '^timestamp,depth_m'; then
            warn "$f: missing header"; bad=1; continue
        fi
        if ! awk -F, 'NR>2 && $2+0 < prev {exit 1} NR>1 {prev=$2+0}' "$f"; then
            warn "$f: depth goes backwards"; bad=1
        fi
    done
    return $bad
}

# The NAS only speaks FTP; the rig laptops have no VPN client.
upload() {
    local file=$1 try
    for try in 1 2 3; do
        if curl -sS --max-time 300 --ftp-create-dirs \
            -u "${NAS_USER:?NAS_USER not set}:${NAS_PASS:?NAS_PASS not set}" \
            -T "$file" "ftp://${NAS_HOST}${NAS_DIR}/$(basename "$file")"; then
            return 0
        fi
        warn "upload of $file failed (attempt $try)"
        sleep $((try * 10))
    done
    return 1
}

archive_one() {
    local bh=$1
    local site bhid out
    site=$(basename "$(dirname "$bh")")
    bhid=$(basename "$bh")
    out="$ARCHIVE_DIR/${site}_${bhid}.tar.gz"

    if (( DRY )); then
        log "would archive $bh -> $out"
        return 0
    fi
    ( cd "$bh" && sha256sum ./* > MANIFEST.sha256 ) || { warn "manifest failed for $bh"; return 1; }
    tar -czf "$out" -C "$(dirname "$bh")" "$bhid" || { warn "tar failed for $bh"; return 1; }
    upload "$out" || { warn "left $out for the next run"; return 1; }
    touch "$bh/.archived"
    log "archived $bh ($(du -h "$out" | cut -f1))"
}

expire_working() {
    local marker
    find "$LOG_ROOT" -name .archived -mtime +"$KEEP_DAYS" -print 2>/dev/null | while read -r marker; do
        local dir
        dir=$(dirname "$marker")
        if (( DRY )); then
            log "would remove $dir"
        else
            rm -rf -- "$dir" && log "removed working folder $dir"
        fi
    done
}

main() {
    [[ -d $LOG_ROOT ]] || { warn "no log root at $LOG_ROOT"; exit 1; }
    mkdir -p "$ARCHIVE_DIR"

    local count=0 failed=0 bh
    while IFS= read -r -d '' bh; do
        bh=$(dirname "$bh")
        [[ -e $bh/.archived ]] && continue
        if check_logs "$bh" && archive_one "$bh"; then
            count=$((count + 1))
        else
            failed=$((failed + 1))
        fi
    done < <(find "$LOG_ROOT" -mindepth 3 -maxdepth 3 -name completion.txt -print0)

    expire_working
    log "done: $count archived, $failed failed"
    (( failed == 0 ))
}

main "$@"
