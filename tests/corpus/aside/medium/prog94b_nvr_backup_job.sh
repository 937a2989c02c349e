#!/usr/bin/env bash
# nvr_backup_job.sh - pull the last N hours of event recordings off a
# customer's NVR through its ISAPI interface and archive them to the
# office backup share.
#
# Usage: nvr_backup_job.sh -s SITE [-H hours] [-f sites.conf]
#   sites.conf lines:  SITE  nvr_host  user  password  channels(comma list)
set -uo pipefail

SITES_FILE="./sites.conf"
HOURS=24
SITE=""
STAGE="/tmp/nvr_backup"
ARCHIVE_ROOT="${NVR_ARCHIVE_ROOT:-$HOME/nvr-archive}"
LOGFILE="./nvr_backup.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOGFILE" >&2; }

while getopts "s:H:f:h" o; do
    case $o in
        s) SITE=$OPTARG ;;
        H) HOURS=$OPTARG ;;
        f) SITES_FILE=$OPTARG ;;
        *) sed -n '2,8p' "$0"; exit 1 ;;
    esac
done
[[ -n $SITE ]] || { echo "need -s SITE" >&2; exit 1; }

site_line=$(awk -v s="$SITE" '$1 == s && $0 !~ /^#/' "$SITES_FILE")
[[ -n $site_line ]] || { log "site $SITE not in $SITES_FILE"; exit 1; }
read -r _ NVR USER PASS CHANNELS <<<"$site_line"

# NVRs ship with self-signed certs, nobody ever replaces them on site
isapi() {
    curl -s -k --digest -u "$USER:$PASS" --max-time 60 "$@"
}

search_xml() {
    local track=$1 start end
    start=$(date -u -d "-${HOURS} hours" '+%Y-%m-%dT%H:%M:%SZ')
    end=$(date -u '+%Y-%m-%dT%H:%M:%SZ')
    cat <<EOF
<?xml version="1.0" encoding="UTF-8"?>
<CMSearchDescription>
  <searchID>$(date +%s)</searchID>
  <trackList><trackID>${track}01</trackID></trackList>
  <timeSpanList><timeSpan><startTime>$start</startTime><endTime>$end</endTime></timeSpan></timeSpanList>
  <maxResults>200</maxResults>
  <searchResultPostion>0</searchResultPostion>
  <metadataList><metadataDescriptor>//recordType.meta.std-cgi.com</metadataDescriptor></metadataList>
</CMSearchDescription>
EOF
}

list_clips() {
    local ch=$1
    search_xml "$ch" | isapi -X POST -H 'Content-Type: application/xml' \
        --data-binary @- "https://$NVR/ISAPI/ContentMgmt/search" |
        grep -o '<playbackURI>[^<]*</playbackURI>' | sed 's/<[^>]*>//g; s/&amp;/\&/g'
}

fetch_clip() {
    local uri=$1 out=$2 attempt
    for attempt in 1 2 3; do
        if isapi -G "https://$NVR/ISAPI/ContentMgmt/download" \
                --data-urlencode "playbackURI=$uri" -o "$out" && [[ -s $out ]]; then
            return 0
        fi
        log "  retry $attempt for $(basename "$out")"
        sleep 5
    done
    return 1
}

run_backup() {
    local stamp dir ch n=0 failed=0
    stamp=$(date '+%Y%m%d-%H%M')
    dir="$STAGE/$SITE/$stamp"
    mkdir -p "$dir"
    IFS=',' read -ra chans <<<"$CHANNELS"
    for ch in "${chans[@]}"; do
        log "site $SITE channel $ch: searching last ${HOURS}h"
        while read -r uri; do
            [[ -z $uri ]] && continue
            n=$((n + 1))
            fetch_clip "$uri" "$dir/ch${ch}_$(printf '%04d' "$n").mp4" || failed=$((failed + 1))
        done < <(list_clips "$ch")
    done
    log "site $SITE: $n clips, $failed failed"
    mkdir -p "$ARCHIVE_ROOT/$SITE"
    tar -C "$STAGE/$SITE" -czf "$ARCHIVE_ROOT/$SITE/$stamp.tar.gz" "$stamp" && rm -rf "$dir"
    log "archived to $ARCHIVE_ROOT/$SITE/$stamp.tar.gz"
    return $(( failed > 0 ))
}

run_backup
