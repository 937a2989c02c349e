#!/usr/bin/env bash
# Summarise WebVTT caption files of recorded hearings with the Anthropic API.
# Input:  ./captions/*.vtt      Output: ./summaries/<name>.md
# The API key is read from ANTHROPIC_API_KEY and only sent to api.anthropic.com.
set -euo pipefail

API_URL="https://api.anthropic.com/v1/messages"
MODEL="${SUMMARY_MODEL:-claude-3-5-haiku-latest}"
CAPTION_DIR="${1:-captions}"
OUT_DIR="${2:-summaries}"
WORK_DIR=".caption_work"
MAX_CHARS="${MAX_CHARS:-60000}"

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

require() {
  for bin in "$@"; do
    command -v "$bin" >/dev/null 2>&1 || { log "missing dependency: $bin"; exit 2; }
  done
}

cleanup() {
  # remove only our own scratch directory inside the working tree
  [[ -d "$WORK_DIR" ]] && rm -rf -- "$WORK_DIR"
}
trap cleanup EXIT

vtt_to_text() {
  # drop WEBVTT header, cue numbers, timestamps and inline tags
  sed -e '/^WEBVTT/d' -e '/^[0-9]\+$/d' -e '/-->/d' -e 's/<[^>]*>//g' "$1" \
    | awk 'NF && $0 != prev { print; prev = $0 }'
}

summarise() {
  local text_file="$1" payload response
  payload="$(jq -n --arg model "$MODEL" --rawfile body "$text_file" '{
      model: $model,
      max_tokens: 1200,
      messages: [{role: "user",
                  content: ("Summarise this hearing transcript for a reporter. List speakers, key claims and any figures quoted.\n\n" + $body)}]
    }')"
  response="$(curl -sS --fail --max-time 120 "$API_URL" \
      -H "x-api-key: ${ANTHROPIC_API_KEY}" \
      -H "anthropic-version: 2023-06-01" \
      -H "content-type: application/json" \
      --data-binary "$payload")"
  jq -r '.content[0].text // empty' <<<"$response"
}

main() {
  require jq curl sed awk
  : "${ANTHROPIC_API_KEY:?set ANTHROPIC_API_KEY first}"
  [[ -d "$CAPTION_DIR" ]] || { log "no caption directory: $CAPTION_DIR"; exit 1; }
  mkdir -p "$OUT_DIR" "$WORK_DIR"

  local count=0 vtt base txt
  shopt -s nullglob
  for vtt in "$CAPTION_DIR"/*.vtt; do
    base="$(basename "$vtt" .vtt)"
    if [[ -s "$OUT_DIR/$base.md" ]]; then
      log "skip $base (already summarised)"
      continue
    fi
    txt="$WORK_DIR/$base.txt"
    vtt_to_text "$vtt" | head -c "$MAX_CHARS" > "$txt"
    log "summarising $base ($(wc -w < "$txt") words)"
    if summary="$(summarise "$txt")" && [[ -n "$summary" ]]; then
      { printf '# %s\n\n' "$base"; printf '%s\n' "$summary"; } > "$OUT_DIR/$base.md"
      chmod 600 "$OUT_DIR/$base.md"
      count=$((count + 1))
    else
      log "API call failed for $base"
    fi
    sleep 2
  done
  log "done: $count new summaries in $OUT_DIR"
}

main "$@"
