#!/usr/bin/env bash
# rigging_inspection_report.sh - record a pre-show rigging inspection for the big top.
#
# Walks the inspector through the checklist for one rig point (flying trapeze,
# aerial silks, lunge line...), appends a signed entry to the daily log in
# ./inspections and drops a copy on the company file server for the insurer.
#
# Usage: rigging_inspection_report.sh -i INSPECTOR -r RIG_ID [-c checklist.conf] [-n]
#   -n   non-interactive: read answers as "item=PASS|FAIL|NA" lines on stdin

set -euo pipefail

CONF_FILE="${RIG_CONF:-./rigging.conf}"
LOG_DIR="./inspections"
INSPECTOR=""
RIG_ID=""
NONINTERACTIVE=0

# defaults, overridable from rigging.conf
CHECKLIST=(shackles_moused swivel_free wire_rope_no_kinks anchor_torque
           spanset_tag_valid fall_arrest_tested sandbag_count)
FILESERVER="files.bigtop-crew.example.net"
UPLOAD_DIR="/insurer/rigging"
UPLOAD="${RIG_UPLOAD:-1}"

die() { echo "error: $*" >&2; exit 1; }
log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

usage() { sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit "${1:-0}"; }

while getopts ":i:r:c:nh" opt; do
  case "$opt" in
    i) INSPECTOR="$OPTARG" ;;
    r) RIG_ID="$OPTARG" ;;
    c) CONF_FILE="$OPTARG" ;;
    n) NONINTERACTIVE=1 ;;
    h) usage 0 ;;
    *) usage 2 ;;
  esac
done

[[ -n "$INSPECTOR" && -n "$RIG_ID" ]] || usage 2
# shellcheck disable=SC1090
[[ -f "$CONF_FILE" ]] && source "$CONF_FILE"

mkdir -p "$LOG_DIR"
LOG_FILE="$LOG_DIR/$(date +%F).log"

# The insurer's broker only takes drops on the old file server.
upload_log() {
  local user="${RIG_FTP_USER:-rigging}" pass="${RIG_FTP_PASS:-}"
  [[ -n "$pass" ]] || { log "RIG_FTP_PASS not set, skipping upload"; return 0; }
  local tries=0
  until curl -sS --max-time 30 --ftp-create-dirs \
          -u "${user}:${pass}" -T "$LOG_FILE" \
          "ftp://${FILESERVER}${UPLOAD_DIR}/$(hostname -s)-$(basename "$LOG_FILE")"; do
    tries=$((tries + 1))
    (( tries >= 3 )) && { log "upload failed after $tries tries"; return 1; }
    sleep $((tries * 5))
  done
  log "uploaded to ${FILESERVER}${UPLOAD_DIR}"
}

ask() {
  local item="$1" ans
  if (( NONINTERACTIVE )); then
    ans="$(grep -E "^${item}=" <<<"$ANSWERS" | head -n1 | cut -d= -f2 || true)"
  else
    read -r -p "  ${item//_/ } [PASS/FAIL/NA]: " ans </dev/tty
  fi
  ans="${ans^^}"
  case "$ans" in PASS|FAIL|NA) echo "$ans" ;; *) echo "UNANSWERED" ;; esac
}

ANSWERS=""
(( NONINTERACTIVE )) && ANSWERS="$(cat)"

log "inspection of $RIG_ID by $INSPECTOR"
fails=0; entry="$(date -Is) rig=$RIG_ID inspector=$INSPECTOR"
for item in "${CHECKLIST[@]}"; do
  res="$(ask "$item")"
  entry+=" $item=$res"
  [[ "$res" == FAIL || "$res" == UNANSWERED ]] && fails=$((fails + 1))
done

status=$([[ $fails -eq 0 ]] && echo CLEARED || echo HOLD)
entry+=" status=$status"
sig="$(printf '%s' "$entry" | sha256sum | cut -c1-16)"
echo "$entry sig=$sig" >>"$LOG_FILE"

[[ "$UPLOAD" == "1" ]] && upload_log || true

echo
echo "Rig point : $RIG_ID"
echo "Inspector : $INSPECTOR"
echo "Result    : $status ($fails item(s) need attention)"
echo "Logged to : $LOG_FILE"
[[ "$status" == CLEARED ]] || exit 3
