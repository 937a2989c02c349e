#!/usr/bin/env bash
# fifo_log_fanout.sh - run a build step and fan its output out to several
# sinks (raw log, compressed archive, error digest) through a named pipe
# living in the project's own run/ directory.
set -euo pipefail

PROJECT_ROOT="$(pwd)"
RUN_DIR="${PROJECT_ROOT}/run"
LOG_DIR="${PROJECT_ROOT}/logs"
FIFO="${RUN_DIR}/build-output.fifo"
STAMP="$(date +%Y%m%d-%H%M%S)"
BUILD_CMD=(make -j"$(nproc)" all)
VERBOSE=0

usage() {
    cat <<USAGE
Usage: ${0##*/} [-v] [-- build command...]
  -v    echo the fan-out progress to the terminal
USAGE
}

log() { [[ $VERBOSE -eq 1 ]] && printf '[fanout %s] %s\n' "$(date +%T)" "$*" >&2 || true; }

while getopts ":vh" opt; do
    case "$opt" in
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
[[ $# -gt 0 ]] && BUILD_CMD=("$@")

declare -a READER_PIDS=()

cleanup() {
    local rc=$?
    log "cleaning up (rc=$rc)"
    exec 7>&- 2>/dev/null || true
    for pid in "${READER_PIDS[@]}"; do
        kill "$pid" 2>/dev/null || true
    done
    [[ -p "$FIFO" ]] && rm -f -- "$FIFO"
    exit "$rc"
}
trap cleanup EXIT
trap 'log "interrupted"; exit 130' INT TERM

mkdir -p -- "$RUN_DIR" "$LOG_DIR"
[[ -p "$FIFO" ]] || mkfifo -m 0600 -- "$FIFO"

# Reader side: one tee splits the stream into three consumers.
{
    tee "${LOG_DIR}/build-${STAMP}.log" \
        > >(gzip -c > "${LOG_DIR}/build-${STAMP}.log.gz") \
        < "$FIFO" \
        | grep -E --line-buffered '(error|warning):' > "${LOG_DIR}/digest-${STAMP}.txt" || true
} &
READER_PIDS+=("$!")
log "reader started as pid ${READER_PIDS[0]}"

# Writer side: keep the fifo open on fd 7 so the reader sees one stream.
exec 7> "$FIFO"

start=$SECONDS
set +e
"${BUILD_CMD[@]}" >&7 2>&1
build_rc=$?
set -e
exec 7>&-
log "build finished with rc=$build_rc after $((SECONDS - start))s"

wait "${READER_PIDS[@]}" 2>/dev/null || true
READER_PIDS=()

errors=$(grep -c 'error:' "${LOG_DIR}/digest-${STAMP}.txt" || true)
warnings=$(grep -c 'warning:' "${LOG_DIR}/digest-${STAMP}.txt" || true)
printf 'build rc=%d  errors=%s  warnings=%s\n' "$build_rc" "${errors:-0}" "${warnings:-0}"
printf 'full log: %s\n' "${LOG_DIR}/build-${STAMP}.log"

# Keep only the ten most recent archives of our own logs.
ls -1t "${LOG_DIR}"/build-*.log.gz 2>/dev/null | tail -n +11 | while read -r old; do
    log "pruning $old"
    rm -f -- "$old"
done

exit "$build_rc"
