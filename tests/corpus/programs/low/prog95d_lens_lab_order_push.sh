#!/usr/bin/env bash
# lens_lab_order_push.sh - send pending spectacle lens jobs to the Rx lab.
#
# The practice system drops one JSON file per job into orders/pending:
#   {"job": "...", "patient_ref": "...", "frame": {...}, "rx": {...},
#    "lens": {"design": "...", "index": 1.6, "coatings": [...]}}
# Each job is validated, posted to the lab's order API and moved to
# orders/sent (or orders/rejected with the lab's reply alongside).
#
# Needs: curl, jq.  Env: LAB_API_KEY (required), LAB_API_URL (optional)
set -uo pipefail

LAB_API_URL="${LAB_API_URL:-https://orders.clearsight-rxlab.com/api/v3/jobs}"
ORDER_DIR="${ORDER_DIR:-./orders}"
LOG_FILE="${ORDER_DIR}/push.log"
DRY_RUN=0

usage() {
  echo "usage: $0 [-n] [-d order_dir]" >&2
  exit 64
}

while getopts ":nd:" opt; do
  case "$opt" in
    n) DRY_RUN=1 ;;
    d) ORDER_DIR="$OPTARG"; LOG_FILE="${ORDER_DIR}/push.log" ;;
    *) usage ;;
  esac
done

log() { printf '%s %s\n' "$(date -Is)" "$*" | tee -a "$LOG_FILE" >&2; }

check_lab_reachable() {
  local host
  host="$(printf '%s' "$LAB_API_URL" | sed -E 's#^[a-z]+://([^/:]+).*#\1#')"
  if ! getent hosts "$host" >/dev/null; then
    log "cannot resolve $host - check the practice DNS / VPN"
    return 1
  fi
  curl -sS -o /dev/null --max-time 10 -I "https://$host/" || {
    log "lab host $host not answering"
    return 1
  }
}

validate_job() {
  jq -e '
    (.job | type == "string") and
    (.rx.right.sph != null) and (.rx.left.sph != null) and
    (.frame.a != null) and (.frame.b != null) and (.frame.dbl != null) and
    (.lens.design | type == "string")
  ' "$1" >/dev/null
}

submit_job() {
  local file="$1" reply code
  reply="$ORDER_DIR/.reply.json"
  code=$(curl -sS -o "$reply" -w '%{http_code}' --max-time 60 \
    -H "Authorization: Bearer ${LAB_API_KEY}" \
    -H "Content-Type: application/json" \
    --data-binary @"$file" "$LAB_API_URL") || code=000
  case "$code" in
    200|201|202)
      log "sent $(basename "$file") lab_ref=$(jq -r '.lab_ref // "?"' "$reply")"
      mv "$file" "$ORDER_DIR/sent/"
      ;;
    4??)
      log "rejected $(basename "$file") ($code)"
      mv "$file" "$ORDER_DIR/rejected/"
      cp "$reply" "$ORDER_DIR/rejected/$(basename "$file" .json).reply.json"
      ;;
    *)
      log "lab error $code for $(basename "$file"), will retry next run"
      ;;
  esac
  rm -f "$reply"
}

main() {
  [[ -n "${LAB_API_KEY:-}" ]] || { echo "LAB_API_KEY is not set" >&2; exit 1; }
  command -v jq >/dev/null || { echo "jq is required" >&2; exit 1; }
  mkdir -p "$ORDER_DIR"/{pending,sent,rejected}
  check_lab_reachable || exit 2

  local n=0 f
  shopt -s nullglob
  for f in "$ORDER_DIR"/pending/*.json; do
    if ! validate_job "$f"; then
      log "invalid job file $(basename "$f"), moved to rejected"
      mv "$f" "$ORDER_DIR/rejected/"
      continue
    fi
    if [[ $DRY_RUN == 1 ]]; then
      log "[dry-run] would send $(basename "$f")"
    else
      submit_job "$f"
    fi
    n=$((n + 1))
  done
  log "processed $n job(s)"
}

main
