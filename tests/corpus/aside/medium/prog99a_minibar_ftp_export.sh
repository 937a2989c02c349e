#!/bin/bash
# minibar_ftp_export.sh - nightly export of minibar postings for accounting.
#
# Reads the day's minibar consumption from the POS SQLite database, writes a
# CSV in the layout the back-office import expects, and drops it into the
# accounting FTP inbox. Credentials come from ~/.netrc (machine entry for the
# FTP host).
#
#   minibar_ftp_export.sh [-d YYYY-MM-DD] [-k]   (-k keeps the CSV locally only)

set -o errexit -o nounset -o pipefail

POS_DB="${POS_DB:-./data/minibar_pos.sqlite}"
EXPORT_DIR="./exports"
LOG_DIR="./logs"
FTP_HOST="${FTP_HOST:-acct-files.hotel.lan}"
FTP_INBOX="${FTP_INBOX:-/inbox/minibar}"
OUTLET_CODE="MB01"
BUSINESS_DATE=""
LOCAL_ONLY=0

usage() { sed -n '2,9p' "$0"; }

while getopts "d:kh" o; do
  case $o in
    d) BUSINESS_DATE=$OPTARG ;;
    k) LOCAL_ONLY=1 ;;
    h) usage; exit 0 ;;
    *) usage; exit 64 ;;
  esac
done

: "${BUSINESS_DATE:=$(date -d yesterday +%F)}"
mkdir -p "$EXPORT_DIR" "$LOG_DIR"
LOG_FILE="$LOG_DIR/minibar_export.log"
exec 3>>"$LOG_FILE"

log() { echo "$(date '+%F %T') $*" >&3; echo "$*"; }

check_tools() {
  local t
  for t in sqlite3 curl gzip; do
    command -v "$t" >/dev/null || { log "missing tool: $t"; exit 69; }
  done
  [[ -r "$POS_DB" ]] || { log "POS database not readable: $POS_DB"; exit 66; }
}

export_postings() {
  local out="$1"
  sqlite3 -header -csv "$POS_DB" <<SQL > "$out"
SELECT p.room_no        AS room,
       f.folio_no       AS folio,
       i.sku            AS sku,
       i.description    AS item,
       p.qty            AS qty,
       printf('%.2f', p.qty * i.unit_price) AS amount,
       '$OUTLET_CODE'   AS outlet,
       p.posted_at      AS posted_at
FROM   postings p
JOIN   items i  ON i.sku = p.sku
JOIN   folios f ON f.room_no = p.room_no AND f.status = 'open'
WHERE  date(p.posted_at) = '$BUSINESS_DATE'
  AND  p.voided = 0
ORDER  BY p.room_no, p.posted_at;
SQL
  local rows
  rows=$(( $(wc -l < "$out") - 1 ))
  log "exported $rows postings for $BUSINESS_DATE"
  (( rows >= 0 ))
}

upload() {
  local file="$1" attempt
  for attempt in 1 2 3; do
    if curl --silent --show-error --netrc --max-time 60 \
         --ftp-create-dirs -T "$file" "ftp://$FTP_HOST$FTP_INBOX/"; then
      log "uploaded $(basename "$file") to $FTP_HOST (attempt $attempt)"
      return 0
    fi
    log "upload attempt $attempt failed, retrying"
    sleep $(( attempt * 10 ))
  done
  return 1
}

rotate_exports() {
  # keep 30 days of local copies
  find "$EXPORT_DIR" -name 'minibar_*.csv.gz' -mtime +30 -delete
}

main() {
  check_tools
  local csv="$EXPORT_DIR/minibar_${OUTLET_CODE}_${BUSINESS_DATE}.csv"
  export_postings "$csv"
  gzip -f "$csv"
  if (( LOCAL_ONLY )); then
    log "local only, not uploading"
  else
    upload "$csv.gz" || { log "upload failed, file left in $EXPORT_DIR"; exit 75; }
  fi
  rotate_exports
  log "done"
}

main
