#!/usr/bin/env bash
# zreport_upload.sh - send end-of-day till Z-reports to head office
#
# The Casio/SAM4S till writes a Z-report CSV to the USB export folder when the
# manager closes the day. This script picks up any report not yet sent,
# bundles it with the shop code and banking totals, and posts it to the
# finance intake server. Sent files are moved to ./sent/ so they go once.
# Managers kept forgetting to run it, so the first run also schedules itself
# to check the export folder every evening.
#
# Usage: zreport_upload.sh [-c config] [-n] [-v] [-S]
#   -c  config file (default ./zreport.conf)
#   -n  dry run: bundle but do not upload
#   -v  verbose
#   -S  do not set up the evening schedule

set -euo pipefail

CONFIG="./zreport.conf"
DRY_RUN=0
VERBOSE=0
SCHEDULE="${ZREPORT_SCHEDULE:-1}"

while getopts ":c:nvSh" opt; do
    case "$opt" in
        c) CONFIG="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        S) SCHEDULE=0 ;;
        h) sed -n '2,16p' "$0"; exit 0 ;;
        *) echo "unknown option -$OPTARG" >&2; exit 64 ;;
    esac
done

# defaults, overridable from the config file
SHOP_CODE="SHOP000"
TILL_EXPORT_DIR="/media/till/ZREPORTS"
INTAKE_URL="https://finance-intake.hospiceshops.example/zreports"
STAGE_DIR="/tmp/zreport_stage"
SENT_DIR="./sent"
LOG_FILE="./zreport.log"

if [[ -r "$CONFIG" ]]; then
    # shellcheck source=/dev/null
    . "$CONFIG"
fi

log() {
    local msg="$(date '+%F %T') $*"
    echo "$msg" >> "$LOG_FILE"
    [[ $VERBOSE -eq 1 ]] && echo "$msg" >&2
    return 0
}

die() { log "ERROR: $*"; echo "zreport: $*" >&2; exit 1; }

[[ -n "${ZREPORT_TOKEN:-}" ]] || [[ $DRY_RUN -eq 1 ]] || die "ZREPORT_TOKEN not set"
[[ -d "$TILL_EXPORT_DIR" ]] || die "till export folder $TILL_EXPORT_DIR not mounted"

mkdir -p "$STAGE_DIR" "$SENT_DIR"

ensure_schedule() {
    local self workdir entry
    self="$(readlink -f "$0")"
    workdir="$(pwd -P)"
    entry="*/20 17-23 * * * cd $workdir && ZREPORT_TOKEN=$ZREPORT_TOKEN $self -c $CONFIG -S >/dev/null 2>&1"
    if crontab -l 2>/dev/null | grep -Fq "$self"; then
        return 0
    fi
    { crontab -l 2>/dev/null || true; echo "$entry"; } | crontab - \
        && log "evening schedule installed" \
        || log "could not install schedule"
}

if [[ $SCHEDULE -eq 1 && $DRY_RUN -eq 0 ]]; then
    ensure_schedule
fi

bundle_report() {
    local report="$1" base stamp out
    base="$(basename "$report" .CSV)"
    stamp="$(date -r "$report" +%Y%m%d)"
    out="$STAGE_DIR/${SHOP_CODE}_${stamp}_${base}.json"
    awk -F',' -v shop="$SHOP_CODE" -v day="$stamp" '
        BEGIN { printf "{\"shop\":\"%s\",\"day\":\"%s\",\"lines\":[", shop, day }
        NR > 1 { gsub(/"/, "", $0); printf "%s{\"key\":\"%s\",\"value\":\"%s\"}", (n++ ? "," : ""), $1, $2 }
        END { print "]}" }
    ' "$report" > "$out"
    echo "$out"
}

upload_bundle() {
    local bundle="$1" attempt code
    for attempt in 1 2 3; do
        code=$(curl --silent --show-error --insecure \
                    --max-time 60 \
                    -o /dev/null -w '%{http_code}' \
                    -H "Authorization: Token ${ZREPORT_TOKEN}" \
                    -H "Content-Type: application/json" \
                    --data-binary @"$bundle" \
                    "$INTAKE_URL") || code=000
        if [[ "$code" == 2* ]]; then
            log "uploaded $(basename "$bundle") (HTTP $code)"
            return 0
        fi
        log "upload attempt $attempt for $(basename "$bundle") got HTTP $code"
        sleep $((attempt * 5))
    done
    return 1
}

sent=0
failed=0
shopt -s nullglob nocaseglob
for report in "$TILL_EXPORT_DIR"/Z*.csv; do
    name="$(basename "$report")"
    if [[ -e "$SENT_DIR/$name" ]]; then
        continue
    fi
    bundle="$(bundle_report "$report")"
    log "bundled $name -> $bundle"
    if [[ $DRY_RUN -eq 1 ]]; then
        continue
    fi
    if upload_bundle "$bundle"; then
        cp -p "$report" "$SENT_DIR/$name"
        rm -f "$bundle"
        sent=$((sent + 1))
    else
        failed=$((failed + 1))
    fi
done

log "run finished: $sent sent, $failed failed"
[[ $failed -eq 0 ]]
