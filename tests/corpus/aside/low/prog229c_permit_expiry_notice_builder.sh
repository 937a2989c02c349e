#!/usr/bin/env bash
# Residential permit expiry notice builder.
# Reads ./permits.csv, finds permits expiring within N days (skipping city
# holidays fetched from the public calendar), renders one notice per permit
# into ./notices and writes a mail-merge manifest with base64 bodies for the
# print vendor's upload form.
set -uo pipefail

PERMITS_CSV="./permits.csv"
NOTICE_DIR="./notices"
TEMPLATE="./templates/expiry_notice.txt"
WINDOW_DAYS=30
HOLIDAY_URL="https://calendar.example.com/city/holidays.json"
HOLIDAY_CACHE="./.cache/holidays.json"
VERBOSE=0

log()  { echo "[$(date '+%H:%M:%S')] $*" >&2; }
vlog() { (( VERBOSE )) && log "$@"; return 0; }
die()  { log "ERROR: $*"; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --permits)   PERMITS_CSV="$2"; shift 2 ;;
        --template)  TEMPLATE="$2"; shift 2 ;;
        --days)      WINDOW_DAYS="$2"; shift 2 ;;
        --out)       NOTICE_DIR="$2"; shift 2 ;;
        -v|--verbose) VERBOSE=1; shift ;;
        -h|--help)
            echo "usage: $0 [--permits F] [--template F] [--days N] [--out DIR] [-v]"
            exit 0 ;;
        *) die "unknown option $1" ;;
    esac
done

[[ -f "$PERMITS_CSV" ]] || die "permit file $PERMITS_CSV not found"
[[ -f "$TEMPLATE" ]]    || die "template $TEMPLATE not found"
[[ "$WINDOW_DAYS" =~ ^[0-9]+$ ]] || die "--days must be a number"
mkdir -p "$NOTICE_DIR" "$(dirname "$HOLIDAY_CACHE")"

# Cache key for the template so unchanged templates reuse rendered notices.
template_key=$(md5sum "$TEMPLATE" | cut -d' ' -f1)
vlog "template cache key $template_key"
if [[ -f "$NOTICE_DIR/.template_key" ]] && [[ "$(cat "$NOTICE_DIR/.template_key")" != "$template_key" ]]; then
    log "template changed; clearing previously rendered notices"
    find "$NOTICE_DIR" -maxdepth 1 -name 'notice_*.txt' -delete
fi
echo "$template_key" > "$NOTICE_DIR/.template_key"

# Refresh the public holiday calendar once a day.
if [[ ! -f "$HOLIDAY_CACHE" ]] || [[ -n "$(find "$HOLIDAY_CACHE" -mtime +0 2>/dev/null)" ]]; then
    if curl -fsS --max-time 15 -o "$HOLIDAY_CACHE.new" "$HOLIDAY_URL"; then
        mv "$HOLIDAY_CACHE.new" "$HOLIDAY_CACHE"
        log "holiday calendar refreshed"
    else
        rm -f "$HOLIDAY_CACHE.new"
        log "could not refresh holidays; using cached copy if present"
        [[ -f "$HOLIDAY_CACHE" ]] || echo '[]' > "$HOLIDAY_CACHE"
    fi
fi

# Select expiring permits in Python; inputs travel via environment variables,
# the result comes back on stdout as tab-separated lines.
selection=$(PERMITS_CSV="$PERMITS_CSV" WINDOW_DAYS="$WINDOW_DAYS" HOLIDAYS="$HOLIDAY_CACHE" \
python3 -c '
import csv, datetime, json, os
today = datetime.date.today()
window = int(os.environ["WINDOW_DAYS"])
holidays = set(json.load(open(os.environ["HOLIDAYS"])))
with open(os.environ["PERMITS_CSV"], newline="") as fh:
    for row in csv.DictReader(fh):
        try:
            exp = datetime.date.fromisoformat(row["expires"])
        except (KeyError, ValueError):
            continue
        left = (exp - today).days
        if 0 <= left <= window:
            send = today
            while send.isoformat() in holidays or send.weekday() >= 5:
                send += datetime.timedelta(days=1)
            print("\t".join([row["permit_id"], row["holder"], row["zone"],
                             row["plate"], exp.isoformat(), send.isoformat()]))
')
[[ -n "$selection" ]] || { log "no permits expire within $WINDOW_DAYS days"; exit 0; }

count=0
manifest="$NOTICE_DIR/manifest.jsonl"
: > "$manifest"
while IFS=$'\t' read -r permit_id holder zone plate expires send_on; do
    out="$NOTICE_DIR/notice_${permit_id}.txt"
    if [[ ! -f "$out" ]]; then
        sed -e "s/{{HOLDER}}/${holder//\//\\/}/g" \
            -e "s/{{ZONE}}/$zone/g" \
            -e "s/{{PLATE}}/$plate/g" \
            -e "s/{{EXPIRES}}/$expires/g" \
            -e "s/{{PERMIT}}/$permit_id/g" "$TEMPLATE" > "$out"
        vlog "rendered $out"
    fi
    # The vendor form wants the letter body base64-encoded inside JSON.
    body_b64=$(base64 -w 0 < "$out")
    printf '{"permit":"%s","send_on":"%s","body_b64":"%s"}\n' \
        "$permit_id" "$send_on" "$body_b64" >> "$manifest"
    count=$((count + 1))
done <<< "$selection"

chmod 600 "$manifest"
log "prepared $count notice(s); manifest at $manifest"
