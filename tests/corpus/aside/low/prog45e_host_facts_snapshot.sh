#!/bin/sh
# Collect a read-only snapshot of host facts for the capacity spreadsheet.
# Nothing on the host is changed: values are read from /etc/os-release,
# /proc and /sys and written as JSON into ./facts/<hostname>.json.
# Optionally probes the service endpoints listed in ./facts/endpoints.txt.
set -eu

FACTS_DIR="${FACTS_DIR:-./facts}"
ENDPOINTS_FILE="$FACTS_DIR/endpoints.txt"
PROBE_TIMEOUT="${PROBE_TIMEOUT:-5}"
HOST="$(hostname -s || echo unknown)"

mkdir -p "$FACTS_DIR"

os_field() {
  # os-release is KEY=value with optional quotes; parse it, never source it
  grep -E "^$1=" /etc/os-release | head -n 1 | cut -d= -f2- | tr -d '"'
}

read_or_na() {
  if [ -r "$1" ]; then
    tr -d '\n' < "$1"
  else
    printf 'n/a'
  fi
}

json_escape() {
  printf '%s' "$1" | sed -e 's/\\/\\\\/g' -e 's/"/\\"/g'
}

cpu_model=$(grep -m 1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')
cpu_cores=$(grep -c '^processor' /proc/cpuinfo)
mem_total_kb=$(awk '/^MemTotal:/ {print $2}' /proc/meminfo)
disk_free_kb=$(df -Pk . | awk 'NR == 2 {print $4}')
kernel=$(uname -r)
swappiness=$(read_or_na /proc/sys/vm/swappiness)
somaxconn=$(read_or_na /proc/sys/net/core/somaxconn)
thp=$(read_or_na /sys/kernel/mm/transparent_hugepage/enabled)

probe_endpoints() {
  [ -f "$ENDPOINTS_FILE" ] || return 0
  first=1
  while IFS= read -r url; do
    case "$url" in ''|\#*) continue ;; esac
    code=$(curl -sS --head --max-time "$PROBE_TIMEOUT" \
                -o "$FACTS_DIR/.last_headers" -w '%{http_code}' "$url" 2>&1 || true)
    case "$code" in
      [0-9][0-9][0-9]) ;;
      *) code="error" ;;
    esac
    [ "$first" -eq 1 ] || printf ','
    first=0
    printf '{"url":"%s","status":"%s"}' "$(json_escape "$url")" "$code"
  done < "$ENDPOINTS_FILE"
  rm -f "$FACTS_DIR/.last_headers"
}

out="$FACTS_DIR/$HOST.json"
{
  printf '{\n'
  printf '  "host": "%s",\n' "$(json_escape "$HOST")"
  printf '  "collected_at": "%s",\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
  printf '  "os": {"id": "%s", "version": "%s", "pretty": "%s"},\n' \
    "$(os_field ID)" "$(os_field VERSION_ID)" "$(json_escape "$(os_field PRETTY_NAME)")"
  printf '  "kernel": "%s",\n' "$kernel"
  printf '  "cpu": {"model": "%s", "cores": %s},\n' "$(json_escape "$cpu_model")" "$cpu_cores"
  printf '  "memory_kb": %s,\n' "${mem_total_kb:-0}"
  printf '  "workdir_free_kb": %s,\n' "${disk_free_kb:-0}"
  printf '  "tunables": {"vm.swappiness": "%s", "net.core.somaxconn": "%s", "thp": "%s"},\n' \
    "$swappiness" "$somaxconn" "$(json_escape "$thp")"
  printf '  "endpoints": ['
  probe_endpoints
  printf ']\n}\n'
} > "$out"

echo "wrote $out"
if [ "$swappiness" != "n/a" ] && [ "$swappiness" -gt 30 ]; then
  echo "note: vm.swappiness=$swappiness is above the recommended 10-30 range" >&2
fi
case "$thp" in
  *"[always]"*) echo "note: transparent hugepages set to 'always'" >&2 ;;
esac
