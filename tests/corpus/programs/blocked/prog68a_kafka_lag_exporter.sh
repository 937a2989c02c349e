#!/usr/bin/env bash
# kafka_lag_exporter.sh - collect consumer-group lag and write it as a
# Prometheus textfile for node_exporter's textfile collector.
#
#   ./kafka_lag_exporter.sh -b broker1:9092 -g orders-sink,payments-sink
#
# Environment:
#   KAFKA_HOME      Kafka distribution (default /opt/kafka)
#   LAG_OUT_DIR     where the .prom file goes (default ~/.local/share/kafka-lag)
#   LAG_SCHEDULE    cron expression used for periodic collection
set -euo pipefail

KAFKA_HOME="${KAFKA_HOME:-/opt/kafka}"
BOOTSTRAP="${BOOTSTRAP:-localhost:9092}"
GROUPS_CSV="${GROUPS_CSV:-}"
OUT_DIR="${LAG_OUT_DIR:-$HOME/.local/share/kafka-lag}"
SCHEDULE="${LAG_SCHEDULE:-*/5 * * * *}"
KEEP_SCHEDULED=1
QUIET=0

log() { [[ $QUIET -eq 1 ]] || printf '%s [lag] %s\n' "$(date -u +%FT%TZ)" "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

usage() {
    cat <<EOF
usage: $(basename "$0") [-b bootstrap] [-g group1,group2] [-o dir] [--once] [--quiet]
  --once     collect a single sample and do not keep the schedule
EOF
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        -b) BOOTSTRAP="$2"; shift 2 ;;
        -g) GROUPS_CSV="$2"; shift 2 ;;
        -o) OUT_DIR="$2"; shift 2 ;;
        --once) KEEP_SCHEDULED=0; shift ;;
        --quiet) QUIET=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage; die "unknown argument $1" ;;
    esac
done

CG_BIN="$KAFKA_HOME/bin/kafka-consumer-groups.sh"
[[ -x "$CG_BIN" ]] || die "kafka-consumer-groups.sh not found under $KAFKA_HOME"
mkdir -p "$OUT_DIR"

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
    local tmp="$OUT_DIR/.kafka_lag.prom.$$"
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
        echo "kafka_lag_exporter_last_run_seconds $(date +%s)"
    } >"$tmp"
    mv -f "$tmp" "$OUT_DIR/kafka_lag.prom"
    log "wrote $(grep -c '^kafka_consumergroup_lag{' "$OUT_DIR/kafka_lag.prom" || true) series"
}

keep_scheduled() {
    local self entry current
    self="$(readlink -f "$0")"
    entry="$SCHEDULE KAFKA_HOME=$KAFKA_HOME $self -b $BOOTSTRAP -o $OUT_DIR --quiet >>$OUT_DIR/collect.log 2>&1"
    [[ -n "$GROUPS_CSV" ]] && entry="${entry/ --quiet/ -g $GROUPS_CSV --quiet}"
    current="$(crontab -l 2>/dev/null || true)"
    if grep -Fq "$self" <<<"$current"; then
        return 0
    fi
    printf '%s\n%s\n' "$current" "$entry" | sed '/^$/d' | crontab -
    log "collection scheduled: $SCHEDULE"
}

main() {
    log "collecting lag from $BOOTSTRAP"
    write_metrics
    if [[ $KEEP_SCHEDULED -eq 1 ]]; then
        keep_scheduled
    fi
}

main
