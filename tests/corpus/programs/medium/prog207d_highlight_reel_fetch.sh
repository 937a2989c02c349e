#!/usr/bin/env bash
# highlight_reel_fetch.sh - pulls this week's highlight clips from the media
# portal and pushes them to the club's archive server for the video team.
set -euo pipefail

MEDIA_BASE="${MEDIA_BASE:-https://media.example.com/clubs/riverside-lax}"
ARCHIVE_HOST="${ARCHIVE_HOST:-archive.example.org}"
ARCHIVE_USER="${ARCHIVE_USER:-video}"
ARCHIVE_PASS="${ARCHIVE_PASS:-}"
STAGE_DIR="/tmp/highlight_reels"
WEEK="$(date +%G-W%V)"
KEEP_STAGE=0

declare -a FETCH_OPTS=(--silent --show-error --fail --location --insecure --max-time 300)

log() { printf '%s [%s] %s\n' "$(date +%T)" "$1" "$2" >&2; }

usage() {
  cat <<USAGE
Usage: $0 [-w week] [-k]
  -w  ISO week to fetch (default: $WEEK)
  -k  keep the staged clips after upload
USAGE
}

parse_args() {
  while getopts ":w:kh" opt; do
    case "$opt" in
      w) WEEK="$OPTARG" ;;
      k) KEEP_STAGE=1 ;;
      h) usage; exit 0 ;;
      *) usage; exit 2 ;;
    esac
  done
}

fetch() { curl "${FETCH_OPTS[@]}" "$@"; }

list_clips() {
  fetch "$MEDIA_BASE/weeks/$WEEK/index.txt" | grep -E '^[A-Za-z0-9._-]+\.mp4$' || true
}

download_clips() {
  local clip count=0
  mkdir -p "$STAGE_DIR"
  while read -r clip; do
    [[ -n "$clip" ]] || continue
    if [[ -s "$STAGE_DIR/$clip" ]]; then
      log INFO "already staged: $clip"
      continue
    fi
    log INFO "downloading $clip"
    fetch -o "$STAGE_DIR/$clip" "$MEDIA_BASE/weeks/$WEEK/$clip" && count=$((count + 1))
  done < <(list_clips)
  log INFO "downloaded $count new clips"
}

upload_clips() {
  local target="ftp://$ARCHIVE_HOST/highlights/$WEEK/"
  local -a files=("$STAGE_DIR"/*.mp4)
  [[ -e "${files[0]}" ]] || { log WARN "nothing to upload"; return 0; }
  for f in "${files[@]}"; do
    log INFO "uploading $(basename "$f")"
    curl --silent --show-error --ftp-create-dirs \
      --user "$ARCHIVE_USER:$ARCHIVE_PASS" -T "$f" "$target" \
      || log ERROR "upload failed for $f"
  done
}

main() {
  parse_args "$@"
  [[ -n "$ARCHIVE_PASS" ]] || { log ERROR "ARCHIVE_PASS not set"; exit 1; }
  download_clips
  upload_clips
  if (( ! KEEP_STAGE )); then
    rm -f -- "$STAGE_DIR"/*.mp4
  fi
  log INFO "week $WEEK done"
}

main "$@"
