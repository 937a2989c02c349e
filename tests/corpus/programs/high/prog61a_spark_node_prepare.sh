#!/usr/bin/env bash
# Prepare a worker node before a large Spark shuffle job: raise kernel and
# per-user limits, create local scratch dirs, then submit the job.
set -euo pipefail

SPARK_USER="${SPARK_USER:-spark}"
SCRATCH_ROOT="${SCRATCH_ROOT:-/data/spark-local}"
LIMITS_FILE=/etc/security/limits.d/90-spark-shuffle.conf
JOB_JAR="${JOB_JAR:-jobs/sessionize-assembly.jar}"
JOB_CLASS="${JOB_CLASS:-com.example.etl.Sessionize}"
DRY_RUN=0

declare -A KERNEL_PARAMS=(
    [vm.max_map_count]=262144
    [fs.file-max]=2097152
    [net.core.somaxconn]=4096
    [vm.swappiness]=1
)

log() { echo "$(date -u +%FT%TZ) [prepare] $*"; }

run() {
    if (( DRY_RUN )); then echo "+ $*"; else "$@"; fi
}

apply_kernel_params() {
    local key current
    for key in "${!KERNEL_PARAMS[@]}"; do
        current=$(cat "/proc/sys/${key//.//}" 2>/dev/null || echo "?")
        if [[ "${current}" == "${KERNEL_PARAMS[$key]}" ]]; then
            log "${key} already ${current}"
            continue
        fi
        log "${key}: ${current} -> ${KERNEL_PARAMS[$key]}"
        run sudo sysctl -q -w "${key}=${KERNEL_PARAMS[$key]}"
    done
}

write_limits() {
    log "writing ${LIMITS_FILE}"
    local body
    body=$(printf '%s\n' \
        "# managed by spark_node_prepare" \
        "${SPARK_USER} soft nofile 1048576" \
        "${SPARK_USER} hard nofile 1048576" \
        "${SPARK_USER} soft nproc 65536" \
        "${SPARK_USER} hard nproc 65536")
    if (( DRY_RUN )); then
        echo "${body}"
    else
        echo "${body}" | sudo tee "${LIMITS_FILE}" > /dev/null
        sudo chmod 0644 "${LIMITS_FILE}"
    fi
}

make_scratch() {
    local d
    for d in shuffle spill checkpoints; do
        run mkdir -p "${SCRATCH_ROOT}/${d}"
    done
    df -h "${SCRATCH_ROOT}" | tail -n 1
}

submit() {
    run spark-submit \
        --class "${JOB_CLASS}" \
        --conf "spark.local.dir=${SCRATCH_ROOT}/shuffle" \
        --conf spark.sql.shuffle.partitions=2000 \
        --conf spark.shuffle.service.enabled=true \
        "${JOB_JAR}" "$@"
}

while getopts "n" opt; do
    case "${opt}" in
        n) DRY_RUN=1 ;;
        *) echo "usage: $0 [-n] [job args]" >&2; exit 64 ;;
    esac
done
shift $((OPTIND - 1))

apply_kernel_params
write_limits
make_scratch
submit "$@"
log "job finished"
