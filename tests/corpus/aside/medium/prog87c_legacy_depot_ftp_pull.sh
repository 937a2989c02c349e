#!/usr/bin/env bash
# Pull the daily rolling-stock defect exports from the legacy depot server.
#
# The old maintenance management box at the north depot only offers FTP.
# Every night it drops DEFECTS_<YYYYMMDD>.CSV into /export/defects.  This
# fetches the last N days that we do not have yet into ./incoming/legacy,
# normalises line endings and hands them to the defect importer.
#
# Credentials: LEGACY_FTP_USER / LEGACY_FTP_PASS, or ./legacy_ftp.env
set -uo pipefail

HOST="${LEGACY_FTP_HOST:-mms-north.depot.lan}"
REMOTE_DIR="${LEGACY_FTP_DIR:-/export/defects}"
DAYS="${1:-3}"
DEST="./incoming/legacy"
LOG="./legacy_pull.log"

[[ -f ./legacy_ftp.env ]] && . ./legacy_ftp.env
: "${LEGACY_FTP_USER:?set LEGACY_FTP_USER}"
: "${LEGACY_FTP_PASS:?set LEGACY_FTP_PASS}"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

mkdir -p "$DEST"

wanted=()
for ((i = 1; i <= DAYS; i++)); do
  d="$(date -d "-${i} day" +%Y%m%d)"
  f="DEFECTS_${d}.CSV"
  if [[ -s "$DEST/$f" ]]; then
    log "have $f"
  else
    wanted+=("$f")
  fi
done

if [[ ${#wanted[@]} -eq 0 ]]; then
  log "nothing to fetch"
  exit 0
fi

script="$(
  echo "open $HOST"
  echo "user $LEGACY_FTP_USER $LEGACY_FTP_PASS"
  echo "binary"
  echo "passive"
  echo "cd $REMOTE_DIR"
  echo "lcd $DEST"
  for f in "${wanted[@]}"; do echo "get $f"; done
  echo "bye"
)"

log "fetching ${#wanted[@]} file(s) from $HOST"
out="$(ftp -inv <<<"$script" 2>&1)"
rc=$?
echo "$out" | grep -E '^(226|550|530)' | while read -r line; do log "ftp: $line"; done
if echo "$out" | grep -q '^530'; then
  log "login refused by $HOST"
  exit 1
fi

fetched=0
for f in "${wanted[@]}"; do
  if [[ -s "$DEST/$f" ]]; then
    sed -i 's/\r$//' "$DEST/$f"
    rows=$(( $(wc -l <"$DEST/$f") - 1 ))
    log "got $f ($rows defects)"
    fetched=$((fetched + 1))
  else
    rm -f "$DEST/$f"
    log "missing on server: $f"
  fi
done

if [[ $fetched -gt 0 && -x ./import_defects.py ]]; then
  ./import_defects.py --source legacy-north "$DEST"/DEFECTS_*.CSV >>"$LOG" 2>&1 ||
    log "importer reported errors"
fi

log "done (ftp rc=$rc, fetched=$fetched)"
