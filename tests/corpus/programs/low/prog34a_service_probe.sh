#!/usr/bin/env bash
# service_probe.sh - quick health probe for the local dev stack.
#
# Talks to redis and memcached directly through bash's /dev/tcp (no client
# tools needed), and does HEAD requests against HTTP endpoints.  Results are
# appended to ./health/probe-YYYYMMDD.tsv in the current directory.
set -euo pipefail

REPORT_DIR="${REPORT_DIR:-./health}"
TIMEOUT="${PROBE_TIMEOUT:-3}"
VERBOSE=0

TCP_CHECKS=(
  "redis|127.0.0.1|6379|PING|+PONG"
  "memcached|127.0.0.1|11211|version|VERSION"
)
HTTP_CHECKS=(
  "api|http://127.0.0.1:8000/healthz"
  "frontend|http://127.0.0.1:3000/"
)

usage() {
  cat <<EOF
usage: $0 [-v] [-d report_dir] [-t timeout]
  -v   verbose output
  -d   report directory (default ./health)
  -t   per-check timeout in seconds (default 3)
EOF
}

log() { [[ $VERBOSE -eq 1 ]] && printf '[probe] %s\n' "$*" >&2 || true; }

while getopts ":vd:t:h" opt; do
  case "$opt" in
    v) VERBOSE=1 ;;
    d) REPORT_DIR="$OPTARG" ;;
    t) TIMEOUT="$OPTARG" ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

mkdir -p "$REPORT_DIR"
REPORT="$REPORT_DIR/probe-$(date +%Y%m%d).tsv"
[[ -f "$REPORT" ]] || printf 'time\tname\tstatus\tdetail\n' > "$REPORT"

record() {
  printf '%s\t%s\t%s\t%s\n' "$(date +%H:%M:%S)" "$1" "$2" "$3" >> "$REPORT"
  printf '%-10s %-5s %s\n' "$1" "$2" "$3"
}

# probe_tcp NAME HOST PORT REQUEST EXPECT
probe_tcp() {
  local name=$1 host=$2 port=$3 request=$4 expect=$5 reply=""
  log "tcp $name -> $host:$port"
  if ! exec 3<>"/dev/tcp/$host/$port" 2>/dev/null; then
    record "$name" "DOWN" "connect refused"
    return 1
  fi
  printf '%s\r\n' "$request" >&3
  if ! IFS= read -r -t "$TIMEOUT" reply <&3; then
    exec 3<&- 3>&-
    record "$name" "SLOW" "no reply within ${TIMEOUT}s"
    return 1
  fi
  exec 3<&- 3>&-
  reply=${reply%$'\r'}
  if [[ "$reply" == "$expect"* ]]; then
    record "$name" "OK" "$reply"
  else
    record "$name" "BAD" "unexpected: ${reply:0:60}"
    return 1
  fi
}

probe_http() {
  local name=$1 url=$2 code
  log "http $name -> $url"
  code=$(curl -sS -o /dev/null -I --max-time "$TIMEOUT" -w '%{http_code}' "$url" 2>/dev/null || echo 000)
  case "$code" in
    2??|3??) record "$name" "OK" "HTTP $code" ;;
    000)     record "$name" "DOWN" "no response" ; return 1 ;;
    *)       record "$name" "BAD" "HTTP $code" ; return 1 ;;
  esac
}

failures=0
for entry in "${TCP_CHECKS[@]}"; do
  IFS='|' read -r n h p req exp <<<"$entry"
  probe_tcp "$n" "$h" "$p" "$req" "$exp" || failures=$((failures + 1))
done
for entry in "${HTTP_CHECKS[@]}"; do
  IFS='|' read -r n u <<<"$entry"
  probe_http "$n" "$u" || failures=$((failures + 1))
done

echo "---"
echo "$failures failing check(s); details in $REPORT"
exit $(( failures > 0 ? 1 : 0 ))
