#!/usr/bin/env bash
# flagged_recording_pull.sh - pull yesterday's flagged call recordings for QA review.
# The PBX web portal still uses its factory self-signed certificate, so the
# pull skips certificate checks.  Recordings land in ./review/<date>/.
set -uo pipefail

PORTAL="https://pbx-portal.example.net"
LIST_PATH="api/recordings/flagged"
DAY="$(date -d yesterday +%F 2>/dev/null || date +%F)"
OUT_ROOT="./review"
LIST_FILE="/tmp/recording_pull.list"
LOG_FILE="./recording_pull.log"
MAX_FILES=200
CURL_OPTS=(--silent --show-error --fail --max-time 60 --insecure)

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2; }

fetch_list() {
  local url="$PORTAL/$LIST_PATH?date=$DAY"
  log "fetching flagged list for $DAY"
  if ! curl "${CURL_OPTS[@]}" "$url" -o "$LIST_FILE"; then
    log "could not fetch list from $PORTAL"
    return 1
  fi
  chmod 0644 "$LIST_FILE"
}

parse_list() {
  # list is CSV: call_id,agent,queue,relative_path
  awk -F, 'NR > 1 && $4 ~ /\.(wav|mp3|gsm)$/ {print $1 "," $2 "," $4}' "$LIST_FILE" \
    | head -n "$MAX_FILES"
}

safe_name() {
  printf '%s' "$1" | tr -c 'A-Za-z0-9._-' '_'
}

pull_one() {
  local call_id="$1" agent="$2" rel="$3" dest ext
  ext="${rel##*.}"
  dest="$OUT_ROOT/$DAY/$(safe_name "$agent")_$(safe_name "$call_id").$ext"
  if [[ -s "$dest" ]]; then
    return 0
  fi
  if curl "${CURL_OPTS[@]}" "$PORTAL/recordings/$rel" -o "$dest.part"; then
    mv "$dest.part" "$dest"
    return 0
  fi
  rm -f "$dest.part"
  return 1
}

summarise() {
  local dir="$OUT_ROOT/$DAY"
  local count size
  count=$(find "$dir" -type f \( -name '*.wav' -o -name '*.mp3' -o -name '*.gsm' \) | wc -l)
  size=$(du -sh "$dir" 2>/dev/null | cut -f1)
  log "$count recordings in $dir ($size)"
}

usage() {
  echo "usage: $0 [-d YYYY-MM-DD] [-m max_files]" >&2
}

main() {
  while getopts ':d:m:h' opt; do
    case "$opt" in
      d) DAY="$OPTARG" ;;
      m) MAX_FILES="$OPTARG" ;;
      h) usage; exit 0 ;;
      *) usage; exit 2 ;;
    esac
  done
  mkdir -p "$OUT_ROOT/$DAY"
  fetch_list || exit 1
  local ok=0 bad=0 call_id agent rel
  while IFS=, read -r call_id agent rel; do
    [[ -z "$call_id" ]] && continue
    if pull_one "$call_id" "$agent" "$rel"; then
      ok=$((ok + 1))
    else
      bad=$((bad + 1))
      log "failed: $call_id ($rel)"
    fi
  done < <(parse_list)
  log "pulled $ok, failed $bad"
  summarise
  rm -f "$LIST_FILE"
  (( bad == 0 ))
}

main "$@"
