#!/usr/bin/env bash
# ftrace-capture.sh -- capture a short function_graph trace of the kernel
# paths hit by a process, for the p99 latency investigation.
#
#   ./ftrace-capture.sh -p <pid> -d 10 -f 'tcp_*'
#
# Output lands in ./traces/<timestamp>/.  Tracer state is restored on exit.

set -euo pipefail

TRACEFS=/sys/kernel/tracing
DURATION=5
PID=""
FILTER=""
OUT_ROOT="./traces"
BUFFER_KB=8192

die() { echo "ftrace-capture: $*" >&2; exit 1; }
note() { echo "ftrace-capture: $*" >&2; }

usage() {
    echo "usage: $0 -p PID [-d SECONDS] [-f FUNC_GLOB] [-b BUFFER_KB]"
}

while getopts ":p:d:f:b:h" o; do
    case "$o" in
        p) PID="$OPTARG" ;;
        d) DURATION="$OPTARG" ;;
        f) FILTER="$OPTARG" ;;
        b) BUFFER_KB="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage >&2; exit 64 ;;
    esac
done

[ -n "$PID" ] || { usage >&2; exit 64; }
kill -0 "$PID" 2>/dev/null || die "pid $PID not running"

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    SUDO="sudo"
    note "not root, will use sudo for tracefs access"
fi

# write a value into a tracefs control file
tw() {
    local value="$1" file="$2"
    echo "$value" | $SUDO tee "${TRACEFS}/${file}" >/dev/null
}

ensure_tracefs() {
    if [ ! -e "${TRACEFS}/current_tracer" ]; then
        note "tracefs not mounted, mounting at ${TRACEFS}"
        $SUDO mount -t tracefs nodev "$TRACEFS" \
            || die "could not mount tracefs"
    fi
    grep -qw function_graph "${TRACEFS}/available_tracers" 2>/dev/null \
        || $SUDO grep -qw function_graph "${TRACEFS}/available_tracers" \
        || die "function_graph tracer not available in this kernel"
}

saved_tracer=""
saved_buffer=""
restore() {
    note "restoring tracer state"
    tw 0 tracing_on || true
    tw "${saved_tracer:-nop}" current_tracer || true
    [ -n "$saved_buffer" ] && tw "$saved_buffer" buffer_size_kb || true
    tw "" set_ftrace_filter || true
    tw "" set_ftrace_pid || true
}

ensure_tracefs
saved_tracer=$($SUDO cat "${TRACEFS}/current_tracer")
saved_buffer=$($SUDO cat "${TRACEFS}/buffer_size_kb" | awk '{print $1}')
trap restore EXIT

stamp=$(date +%Y%m%d-%H%M%S)
outdir="${OUT_ROOT}/${stamp}-pid${PID}"
mkdir -p "$outdir"

tw 0 tracing_on
tw nop current_tracer
tw "$BUFFER_KB" buffer_size_kb
tw "$PID" set_ftrace_pid
if [ -n "$FILTER" ]; then
    tw "$FILTER" set_ftrace_filter || die "filter '$FILTER' matched nothing"
fi
tw function_graph current_tracer
tw funcgraph-proc trace_options
tw funcgraph-abstime trace_options

note "tracing pid ${PID} for ${DURATION}s"
tw 1 tracing_on
$SUDO timeout "$DURATION" cat "${TRACEFS}/trace_pipe" > "${outdir}/trace.txt" || true
tw 0 tracing_on

{
    echo "pid=${PID}"
    echo "duration=${DURATION}"
    echo "filter=${FILTER:-<none>}"
    echo "kernel=$(uname -r)"
    echo "comm=$(cat /proc/"$PID"/comm 2>/dev/null || echo '?')"
} > "${outdir}/meta.txt"

lines=$(wc -l < "${outdir}/trace.txt")
note "captured ${lines} trace lines into ${outdir}"

# quick summary: slowest 20 function exits
grep -E '\|\s+[0-9.]+ us\s+\|' "${outdir}/trace.txt" 2>/dev/null \
    | awk -F'|' '{print $2, $NF}' | sort -rn | head -20 > "${outdir}/slowest.txt" || true
note "summary in ${outdir}/slowest.txt"
