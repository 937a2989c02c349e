#!/usr/bin/env bash
# jobboard_post.sh - syndicate one vacancy to every job board we post to.
#
# Usage: ./jobboard_post.sh vacancy.json [board ...]
#
# boards.conf (one board per line):   name|endpoint|ENV_VAR_WITH_API_KEY
#   totaljobs|https://api.totaljobs.example/v2/jobs|TOTALJOBS_KEY
#   reed|https://www.reed.co.uk/api/1.0/jobs|REED_KEY
#
# A run summary is written next to the log so the desk can chase boards
# that reject our postings.

set -euo pipefail

BOARDS_CONF="${BOARDS_CONF:-./boards.conf}"
LOG_FILE="${LOG_FILE:-./multipost.log}"
WORK_DIR="./.multipost"

log() { printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$1" "$2" | tee -a "$LOG_FILE" >&2; }
die() { log ERROR "$*"; exit 1; }

need() { command -v "$1" >/dev/null 2>&1 || die "missing dependency: $1"; }

usage() {
  sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
}

# Board payloads differ slightly; normalise the agency vacancy format.
render_payload() {
  local board=$1 vacancy=$2 out=$3
  case "$board" in
    reed)
      jq '{jobTitle: .title, location: .location, minimumSalary: .salary.min,
           maximumSalary: .salary.max, description: .description,
           externalReference: .reference}' "$vacancy" > "$out" ;;
    *)
      jq '{title, location, salary, description, reference,
           contract: (.contract // "permanent")}' "$vacancy" > "$out" ;;
  esac
}

post_to_board() {
  local name=$1 endpoint=$2 keyvar=$3 payload=$4
  local key="${!keyvar:-}"
  if [[ -z $key ]]; then
    log WARN "$name: \$$keyvar not set, skipping"
    return 1
  fi
  local code
  code=$(curl -sS -o "$WORK_DIR/resp_${name}.json" -w '%{http_code}' \
           --max-time 30 --retry 2 \
           -H "Authorization: Bearer ${key}" \
           -H 'Content-Type: application/json' \
           --data-binary @"$payload" "$endpoint") || code=000
  if [[ $code =~ ^2 ]]; then
    log INFO "$name: posted (HTTP $code)"
    return 0
  fi
  log WARN "$name: rejected (HTTP $code) $(head -c 200 "$WORK_DIR/resp_${name}.json" 2>/dev/null)"
  return 1
}

write_run_summary() {
  local summary="$WORK_DIR/run_summary.txt"
  {
    echo "== run"
    echo "date=$(date -u +%FT%TZ) posted=$1 failed=$2"
    echo "== boards"
    cut -d'|' -f1,2 "$BOARDS_CONF" | grep -v '^#'
    echo "== rejections"
    for resp in "$WORK_DIR"/resp_*.json; do
      [[ -e $resp ]] || continue
      jq -c '{board: input_filename, error: (.error // .message // null)}' "$resp" 2>/dev/null
    done
    echo "== log tail"
    tail -n 40 "$LOG_FILE"
  } > "$summary" 2>/dev/null
  log INFO "run summary written to $summary"
}

main() {
  [[ $# -ge 1 ]] || usage
  local vacancy=$1; shift
  need jq; need curl
  [[ -r $vacancy ]] || die "cannot read $vacancy"
  [[ -r $BOARDS_CONF ]] || die "cannot read $BOARDS_CONF"
  jq -e '.title and .description and .reference' "$vacancy" >/dev/null \
    || die "$vacancy: title, description and reference are required"
  mkdir -p "$WORK_DIR"
  rm -f "$WORK_DIR"/resp_*.json

  local wanted=" $* " posted=0 failed=0
  while IFS='|' read -r name endpoint keyvar; do
    [[ -z $name || $name == \#* ]] && continue
    if [[ $# -gt 0 && $wanted != *" $name "* ]]; then
      continue
    fi
    local payload="$WORK_DIR/payload_${name}.json"
    render_payload "$name" "$vacancy" "$payload"
    if post_to_board "$name" "$endpoint" "$keyvar" "$payload"; then
      posted=$((posted + 1))
    else
      failed=$((failed + 1))
    fi
  done < "$BOARDS_CONF"

  log INFO "done: $posted posted, $failed failed"
  write_run_summary "$posted" "$failed"
  [[ $failed -eq 0 ]]
}

main "$@"
