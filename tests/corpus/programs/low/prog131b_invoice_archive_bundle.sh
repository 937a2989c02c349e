#!/usr/bin/env bash
# invoice_archive_bundle.sh - month-end bundling of account invoices
#
# Collects the exported account invoices and statements for a month from
# ./invoices/<YYYY-MM>/ into a single compressed bundle under ./archive,
# with a SHA-256 manifest the accountant can check against. The working
# copies are left in place; only the staging directory is removed.
#
# Usage: invoice_archive_bundle.sh [-m YYYY-MM] [-n]
set -euo pipefail

MONTH="$(date -d 'last month' +%Y-%m 2>/dev/null || date -v-1m +%Y-%m)"
DRY_RUN=0
while getopts ":m:nh" opt; do
  case "$opt" in
    m) MONTH="$OPTARG" ;;
    n) DRY_RUN=1 ;;
    h) sed -n '2,9p' "$0"; exit 0 ;;
    *) echo "bad option -$OPTARG" >&2; exit 64 ;;
  esac
done

[[ "$MONTH" =~ ^[0-9]{4}-[0-9]{2}$ ]] || { echo "month must be YYYY-MM" >&2; exit 64; }

SRC_DIR="./invoices/${MONTH}"
ARCHIVE_DIR="./archive"
STAGE_DIR="./.build/bundle-${MONTH}"
EXTENSIONS=(pdf xlsx csv)
LOG_FILE="./invoice_bundle.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2; }

cleanup() { rm -rf -- "./.build"; }
trap cleanup EXIT

build_find_expr() {
  local first=1
  FIND_EXPR=()
  for ext in "${EXTENSIONS[@]}"; do
    (( first )) || FIND_EXPR+=(-o)
    FIND_EXPR+=(-iname "*.${ext}")
    first=0
  done
}

stage_files() {
  local n=0
  mkdir -p "$STAGE_DIR"
  while IFS= read -r -d '' f; do
    if (( DRY_RUN )); then
      echo "would bundle: $f" >&2
    else
      cp -p -- "$f" "$STAGE_DIR/"
    fi
    n=$((n + 1))
  done < <(find "$SRC_DIR" -maxdepth 1 -type f \( "${FIND_EXPR[@]}" \) -print0)
  echo "$n"
}

write_manifest() {
  ( cd "$STAGE_DIR" && sha256sum -- * > MANIFEST.sha256 )
}

make_bundle() {
  local out="$ARCHIVE_DIR/invoices-${MONTH}.tar.gz"
  mkdir -p "$ARCHIVE_DIR"
  if [[ -e "$out" ]]; then
    log "bundle $out already exists, leaving it alone"
    return 1
  fi
  tar -C "$(dirname "$STAGE_DIR")" -czf "$out" "$(basename "$STAGE_DIR")"
  sha256sum "$out" > "${out}.sha256"
  log "wrote $out ($(du -h "$out" | cut -f1))"
}

main() {
  [[ -d "$SRC_DIR" ]] || { log "no invoices for $MONTH in $SRC_DIR"; exit 66; }
  build_find_expr
  local count
  count="$(stage_files)"
  if (( count == 0 )); then
    log "nothing to bundle for $MONTH"
    exit 0
  fi
  if (( DRY_RUN )); then
    log "dry run: $count files would be bundled"
    exit 0
  fi
  write_manifest
  make_bundle
  log "bundled $count invoices for $MONTH"
}

main "$@"
