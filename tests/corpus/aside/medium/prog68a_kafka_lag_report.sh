#!/usr/bin/env bash
# kafka_lag_report.sh - collect consumer-group lag and push it to the
# Prometheus Pushgateway used by the streaming team.
#
#   ./kafka_lag_report.sh -b broker1:9092 -g orders-sink,payments-sink
#
# Environment:
#   KAFKA_HOME       Kafka distribution (default /opt/kafka)
#   PUSHGATEWAY_URL  e.g. https://pushgw.streaming.internal:9091
set -euo pipefail

KAFKA_HOME="${KAFKA_HOME:-/opt/kafka}"
BOOTSTRAP="${BOOTSTRAP:-localhost:9092}"
GROUPS_CSV="${GROUPS_CSV:-}"
PUSHGATEWAY_URL="${PUSHGATEWAY_URL:-https://pushgw.streaming.internal:9091}"
JOB_NAME="${JOB_NAME:-kafka_lag_report}"
PROM_FILE="/tmp/kafka_lag.prom"
PUSH=1

log() { printf '%s [lag] %s\n' "$(date -u +%FT%TZ)" "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

usage() {
    cat <<EOF
usage: $(basename "$0") [-b bootstrap] [-g group1,group2] [--no-push]
EOF
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        -b) BOOTSTRAP="$2"; shift 2 ;;
        -g) GROUPS_CSV="$2"; shift 2 ;;
        --no-push) PUSH=0; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage; die "unknown argument $1" ;;
    esac
done

CG_BIN="$KAFKA_HOME/bin/kafka-consumer-groups.sh"
[[ -x "$CG_BIN" ]] || die "kafka-consumer-groups.sh not found under $KAFKA_HOME"

list_groups() {
    if [[ -n "$GROUPS_CSV" ]]; then
        tr ',' '\n' <<<"$GROUPS_CSV"
    else
        "$CG_BIN" --bootstrap-server "$BOOTSTRAP" --list 2>/dev/null | grep -v '^$'
    fi
}

# Emits "group topic partition lag" lines for one group
describe_group() {
    local group="$1"
    "$CG_BIN" --bootstrap-server "$BOOTSTRAP" --describe --group "$group" 2>/dev/null \
        | awk -v g="$group" 'NR>1 && $1==g && $6 ~ /^[0-9]+$/ {print g, $2, $3, $6}'
}

write_metrics() {
    {
        echo "# HELP kafka_consumergroup_lag Messages behind the log end offset"
        echo "# TYPE kafka_consumergroup_lag gauge"
        while read -r group; do
            [[ -z "$group" ]] && continue
            describe_group "$group" | while read -r g topic part lag; do
                printf 'kafka_consumergroup_lag{group="%s",topic="%s",partition="%s"} %s\n' \
                    "$g" "$topic" "$part" "$lag"
            done
        done < <(list_groups)
        echo "kafka_lag_report_last_run_seconds $(date +%s)"
    } >"$PROM_FILE"
    log "wrote $(grep -c '^kafka_consumergroup_lag{' "$PROM_FILE" || true) series to $PROM_FILE"
}

push_metrics() {
    local instance url attempt
    instance="$(hostname -s)"
    url="$PUSHGATEWAY_URL/metrics/job/$JOB_NAME/instance/$instance"
    for attempt in 1 2 3; do
        # pushgateway sits behind the internal CA which most workers lack
        if curl -sS -k --max-time 15 --data-binary "@$PROM_FILE" "$url"; then
            log "pushed to $url"
            return 0
        fi
        log "push attempt $attempt failed, retrying"
        sleep $((attempt * 2))
    done
    return 1
}

main() {
    log "collecting lag from $BOOTSTRAP"
    write_metrics
    if [[ $PUSH -eq 1 ]]; then
        push_metrics || die "could not reach pushgateway"
    fi
}

main
