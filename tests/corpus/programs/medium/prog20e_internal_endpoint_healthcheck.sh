#!/usr/bin/env bash
# endpoint-health: poll the internal service endpoints (self-signed certs on
# the staging network) and print a status table; non-zero exit if any fail.
set -euo pipefail

ENDPOINTS_FILE="${ENDPOINTS_FILE:-./endpoints.txt}"
TIMEOUT=5
RETRIES=2
CSV_OUT=""
FAILED=0

if [[ -t 1 ]]; then
  OK=$'\e[32mOK\e[0m'; BAD=$'\e[31mFAIL\e[0m'; SLOW=$'\e[33mSLOW\e[0m'
else
  OK="OK"; BAD="FAIL"; SLOW="SLOW"
fi

usage() {
  cat <<EOF
usage: ${0##*/} [-f endpoints_file] [-t timeout] [-r retries] [-c out.csv]
endpoints file: one "name url [max_ms]" per line, # for comments
EOF
}

while getopts "f:t:r:c:h" opt; do
  case "$opt" in
    f) ENDPOINTS_FILE="$OPTARG" ;;
    t) TIMEOUT="$OPTARG" ;;
    r) RETRIES="$OPTARG" ;;
    c) CSV_OUT="$OPTARG" ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

[[ -f "$ENDPOINTS_FILE" ]] || { echo "no endpoints file: $ENDPOINTS_FILE" >&2; exit 2; }

# staging uses an internal CA that is not in the system trust store
CURL_OPTS=(--silent --show-error --insecure --location
           --max-time "$TIMEOUT" --retry "$RETRIES"
           --output /dev/null
           --write-out '%{http_code} %{time_total} %{ssl_verify_result}')

probe() {
  local url="$1" out
  if out="$(curl "${CURL_OPTS[@]}" "$url" 2>/dev/null)"; then
    echo "$out"
  else
    echo "000 0 -"
  fi
}

declare -a ROWS=()

check_all() {
  local name url max code secs verify ms status
  while read -r name url max; do
    [[ -z "${name:-}" || "$name" == \#* ]] && continue
    max="${max:-1500}"
    read -r code secs verify < <(probe "$url")
    ms="$(awk -v s="$secs" 'BEGIN{printf "%d", s*1000}')"
    if [[ "$code" =~ ^2|^3 ]]; then
      if (( ms > max )); then status="$SLOW"; else status="$OK"; fi
    else
      status="$BAD"; FAILED=$((FAILED + 1))
    fi
    printf '%-22s %-6s %6sms  %-4s %s\n' "$name" "$code" "$ms" "$status" "$url"
    ROWS+=("$name,$url,$code,$ms,$verify")
  done < "$ENDPOINTS_FILE"
}

write_csv() {
  [[ -n "$CSV_OUT" ]] || return 0
  mkdir -p "$(dirname "$CSV_OUT")"
  {
    echo "name,url,http_code,latency_ms,ssl_verify_result"
    printf '%s\n' "${ROWS[@]}"
  } > "$CSV_OUT"
  echo "wrote $CSV_OUT"
}

printf '%-22s %-6s %8s  %-4s %s\n' SERVICE CODE LATENCY STAT URL
check_all
write_csv
if (( FAILED )); then
  echo "$FAILED endpoint(s) failing" >&2
  exit 1
fi
echo "all endpoints healthy"
