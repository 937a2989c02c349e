#!/usr/bin/env bash
# Check security-related response headers of many sites in parallel.
# Uses HEAD requests only (curl -I) fanned out with xargs -P, and writes a
# TSV summary into ./header-audit/ in the current working directory.
set -euo pipefail

PARALLEL="${PARALLEL:-6}"
TIMEOUT="${TIMEOUT:-8}"
OUT_DIR="./header-audit"
SITES_FILE="${1:-sites.txt}"

REQUIRED_HEADERS=(
  "strict-transport-security"
  "content-security-policy"
  "x-content-type-options"
  "referrer-policy"
)

usage() {
  cat <<EOF
usage: $(basename "$0") [sites.txt]
  PARALLEL=N   number of concurrent checks (default 6)
  TIMEOUT=S    per-request timeout in seconds (default 8)
EOF
}

log() { printf '%s %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

check_one() {
  # Runs inside an xargs child; everything it needs comes via args/env.
  local url="$1" out_dir="$2" timeout="$3"
  local safe_name headers_file code
  safe_name=$(printf '%s' "$url" | tr -c 'A-Za-z0-9._-' '_')
  headers_file="$out_dir/raw/$safe_name.headers"

  if ! code=$(curl -sS -I -L --max-time "$timeout" -o "$headers_file" -w '%{http_code}' "$url"); then
    printf '%s\tERR\t-\n' "$url" >"$out_dir/parts/$safe_name.tsv"
    return 0
  fi

  local missing=()
  local h
  for h in $REQUIRED_HEADERS_LIST; do
    if ! grep -qi "^$h:" "$headers_file"; then
      missing+=("$h")
    fi
  done
  local missing_str="${missing[*]:-none}"
  printf '%s\t%s\t%s\n' "$url" "$code" "${missing_str// /,}" >"$out_dir/parts/$safe_name.tsv"
}
export -f check_one

main() {
  if [[ "${1:-}" == "-h" || "${1:-}" == "--help" ]]; then
    usage
    exit 0
  fi
  if [[ ! -r "$SITES_FILE" ]]; then
    log "cannot read $SITES_FILE"
    exit 2
  fi

  mkdir -p "$OUT_DIR/raw" "$OUT_DIR/parts"
  rm -f "$OUT_DIR"/parts/*.tsv
  export REQUIRED_HEADERS_LIST="${REQUIRED_HEADERS[*]}"

  local count
  count=$(grep -cvE '^\s*(#|$)' "$SITES_FILE" || true)
  log "checking $count sites with $PARALLEL parallel HEAD requests"

  grep -vE '^\s*(#|$)' "$SITES_FILE" \
    | xargs -r -P "$PARALLEL" -I{} bash -c 'check_one "$1" "$2" "$3"' _ {} "$OUT_DIR" "$TIMEOUT"

  local summary="$OUT_DIR/summary.tsv"
  {
    printf 'url\tstatus\tmissing_headers\n'
    sort "$OUT_DIR"/parts/*.tsv 2>/dev/null || true
  } >"$summary"

  local failing
  failing=$(awk -F'\t' 'NR>1 && $3 != "none"' "$summary" | wc -l)
  log "summary written to $summary ($failing sites missing headers)"
  [[ "$failing" -eq 0 ]]
}

main "$@"
