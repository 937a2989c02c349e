#!/usr/bin/env bash
# turnstile_health_check.sh - pre-gates-open check of the turnstile
# controller web endpoints and this console's basics.  Writes a short
# report into the working directory for the safety officer's checklist.
#
# Usage: turnstile_health_check.sh [-f controllers.txt] [-t seconds]

set -u

LIST="./controllers.txt"
TIMEOUT=5
REPORT="./health_$(date +%Y%m%d_%H%M).txt"
DOMAIN="gates.example.org"
DEFAULT_GATES=(north-a north-b south-a south-b east-1 west-1)

while getopts ":f:t:h" opt; do
  case "$opt" in
    f) LIST="$OPTARG" ;;
    t) TIMEOUT="$OPTARG" ;;
    *) sed -n '2,6p' "$0"; exit 1 ;;
  esac
done

out() { echo "$*" | tee -a "$REPORT"; }

controllers() {
  if [ -r "$LIST" ]; then
    grep -v '^\s*\(#\|$\)' "$LIST"
  else
    local g
    for g in "${DEFAULT_GATES[@]}"; do
      echo "tc-$g.$DOMAIN"
    done
  fi
}

probe() {
  local host="$1" url code t
  url="https://$host/status"
  # HEAD first; some firmware only answers GET
  code=$(curl -s -o /dev/null -I -w '%{http_code}' --max-time "$TIMEOUT" "$url")
  if [ "$code" = "405" ] || [ "$code" = "000" ]; then
    code=$(curl -s -o /dev/null -w '%{http_code}' --max-time "$TIMEOUT" "$url")
  fi
  t=$(curl -s -o /dev/null -w '%{time_total}' --max-time "$TIMEOUT" "$url")
  printf '%s %s %s\n' "$code" "$t" "$url"
}

console_info() {
  local name ver cores
  if [ -r /etc/os-release ]; then
    name=$(sed -n 's/^PRETTY_NAME="\{0,1\}\([^"]*\)"\{0,1\}$/\1/p' /etc/os-release)
  fi
  cores=$(grep -c '^processor' /proc/cpuinfo 2>/dev/null || echo "?")
  ver=$(uname -r)
  out "console: ${name:-unknown} / kernel $ver / $cores cpu(s)"
  out "disk free (working dir): $(df -h . | awk 'NR==2{print $4}')"
}

main() {
  local ok=0 bad=0 host code t url
  : > "$REPORT"
  out "turnstile health check $(date '+%F %T')"
  console_info
  out ""
  while read -r host; do
    read -r code t url < <(probe "$host")
    if [ "$code" = "200" ]; then
      ok=$((ok + 1))
      out "  OK    $host (${t}s)"
    else
      bad=$((bad + 1))
      out "  DOWN  $host (http $code)"
    fi
  done < <(controllers)
  out ""
  out "controllers up: $ok, down: $bad"
  if [ "$bad" -gt 0 ]; then
    out "ACTION: radio gate supervisor before opening"
    exit 1
  fi
}

main
