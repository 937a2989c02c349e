#!/bin/sh
# cgroup-job-limiter: run a batch job inside its own cgroup v2 slice with
# CPU, memory and pid limits, then print the accounting numbers.
#
# usage: prog29c_cgroup_job_limiter.sh [-c CPU%] [-m MEM] [-p PIDS] -- cmd args...

set -eu

CG_ROOT=/sys/fs/cgroup
PARENT=batchjobs
CPU_PCT=50
MEM_MAX=2G
PIDS_MAX=256

usage() {
    echo "usage: $0 [-c cpu_percent] [-m mem_max] [-p pids_max] -- command..." >&2
    exit 2
}

while getopts "c:m:p:h" opt; do
    case $opt in
        c) CPU_PCT=$OPTARG ;;
        m) MEM_MAX=$OPTARG ;;
        p) PIDS_MAX=$OPTARG ;;
        *) usage ;;
    esac
done
shift $((OPTIND - 1))
[ "$#" -gt 0 ] || usage

if [ "$(id -u)" -ne 0 ]; then
    echo "cgroup-job-limiter must run as root" >&2
    exit 1
fi

if [ ! -f "$CG_ROOT/cgroup.controllers" ]; then
    echo "cgroup v2 unified hierarchy not mounted at $CG_ROOT" >&2
    exit 1
fi

enable_controllers() {
    dir=$1
    for ctl in cpu memory pids; do
        if grep -qw "$ctl" "$dir/cgroup.controllers"; then
            echo "+$ctl" >"$dir/cgroup.subtree_control" 2>/dev/null || true
        fi
    done
}

setup_group() {
    enable_controllers "$CG_ROOT"
    mkdir -p "$CG_ROOT/$PARENT"
    enable_controllers "$CG_ROOT/$PARENT"
    JOB_CG="$CG_ROOT/$PARENT/job-$$"
    mkdir "$JOB_CG"
    period=100000
    quota=$((period * CPU_PCT / 100))
    echo "$quota $period" >"$JOB_CG/cpu.max"
    echo "$MEM_MAX" >"$JOB_CG/memory.max"
    echo 0 >"$JOB_CG/memory.swap.max" 2>/dev/null || true
    echo "$PIDS_MAX" >"$JOB_CG/pids.max"
}

report() {
    echo "---- accounting for job-$$ ----"
    if [ -f "$JOB_CG/cpu.stat" ]; then
        awk '/usage_usec|throttled_usec/ {printf "  %-16s %s\n", $1, $2}' "$JOB_CG/cpu.stat"
    fi
    [ -f "$JOB_CG/memory.peak" ] && echo "  memory.peak      $(cat "$JOB_CG/memory.peak")"
    [ -f "$JOB_CG/pids.peak" ] && echo "  pids.peak        $(cat "$JOB_CG/pids.peak")"
    grep -E '^(oom|oom_kill) ' "$JOB_CG/memory.events" 2>/dev/null | sed 's/^/  /' || true
}

teardown() {
    # the group can only be removed once every task in it has exited
    rmdir "$JOB_CG" 2>/dev/null || echo "note: $JOB_CG still busy" >&2
}

setup_group
trap teardown EXIT

# Fork the job into the new group: the child shell moves itself, then execs.
sh -c 'echo $$ >"$1/cgroup.procs" && shift && exec "$@"' cgjob "$JOB_CG" "$@" &
JOB_PID=$!

status=0
wait "$JOB_PID" || status=$?
report
echo "job exited with status $status"
exit "$status"
